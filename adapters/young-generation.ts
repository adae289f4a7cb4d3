import { setFlagsFromString } from "node:v8";

/** The node flag an operator passes to keep V8's allocation-site pretenuring on after all. */
export const PRETENURING_FLAG = "--allocation-site-pretenuring";

/**
 * Turns off V8's allocation-site pretenuring in the serving process (unless started with PRETENURING_FLAG). V8 counts,
 * at each scavenge, how many objects of each object or array literal in the code survived, and from 85% on it
 * allocates that literal's objects straight in the old generation. A server loaded after an idle spell (its young
 * generation shrunk meanwhile, so a request's objects are still in flight at the next scavenge) reads 92–98% for
 * literals made once a request — node's stream state, the answer's headers, the tool's result — and tenures them.
 * From then on each such object, dead as soon as its request ends, keeps whatever young object it points at alive
 * through every scavenge until a full collection, so every request's objects are promoted, survival reads 100% and
 * the decision never comes back. On Node 24, 16 of 64 servers measured so: ≈ 40% more CPU per request and twice the
 * memory for the rest of their lives; 0 of 21 with this off (bench/README.md, "2026-12-03, later morning").
 */
export function keepRequestObjectsYoung(): void {
  if (process.execArgv.includes(PRETENURING_FLAG)) return;
  setFlagsFromString("--no-allocation-site-pretenuring");
}
