import type { CreateKey, CreateKeyCommand, CreateKeyOutput } from "../../application/create-key.ts";
import { MAX_WINDOW_SECONDS } from "../../domain/rate-limit.ts";
import { TOKENS } from "../tokens.ts";

/**
 * The window of keys whose limit a test counts on against the real clock: the longest a key may have. Windows are
 * fixed and aligned to the epoch (domain/rate-limit.ts), so a short one can end between a test's hits and refill the
 * key (a 600 s window ends within a one-minute test once in ten runs); a day's window ends only at 00:00 UTC.
 */
export const COUNTED_WINDOW_SECONDS = MAX_WINDOW_SECONDS;

/**
 * A window for storage-level tests that count a few hits against a store's own clock (Redis's, which the test cannot
 * wait on): ten years, aligned to the epoch like every window, has no boundary near today (the next: 17 December 2029).
 */
export const NO_BOUNDARY_MS = 10 * 365 * 86_400_000;

/**
 * Resolves once the current window of `windowSeconds` has at least `marginMs` left, waiting out its end when it is
 * nearer: then the hits of a test that lasts under `marginMs` all land in one window. The default margin covers a
 * test slowed by a loaded machine plus the client SDK's longest wait on a 429 (60 s), which would otherwise sleep
 * into the next window and succeed.
 */
export async function clearOfWindowEnd(windowSeconds = COUNTED_WINDOW_SECONDS, marginMs = 180_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 10));
}

/**
 * Waits at least `ms` of real time. A timer alone can fire early: Node dates it from the event loop's cached time,
 * which on a loaded machine can be many milliseconds stale when the timer is set.
 */
export async function sleepAtLeast(ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(until - performance.now()))));
}

/** What mintCountedKey needs of a container: its CreateKey use case. */
interface KeyMinting {
  get(token: typeof TOKENS.createKey): Pick<CreateKey, "execute">;
}

/**
 * A development key whose limit a test counts on: a day's window (COUNTED_WINDOW_SECONDS) unless the command names
 * another, minted once the day's window is clear of its end, so no refill lands among the test's hits.
 */
export async function mintCountedKey(container: KeyMinting, command: Omit<CreateKeyCommand, "env"> & { readonly env?: string }): Promise<CreateKeyOutput> {
  await clearOfWindowEnd();
  const created = await container.get(TOKENS.createKey).execute({ env: "development", windowSeconds: COUNTED_WINDOW_SECONDS, ...command });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}
