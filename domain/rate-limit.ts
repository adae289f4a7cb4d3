import type { RateLimitPolicy } from "./api-key.ts";

export const MAX_LIMIT = 1_000_000_000;
export const MAX_WINDOW_SECONDS = 86_400;

/** A fixed window: the counter for `id` lives from `startMs` until `startMs + windowMs`. */
export interface RateWindow {
  readonly id: number;
  readonly startMs: number;
  readonly resetInMs: number;
}

/** Which fixed window `now` falls in. Windows are aligned to the epoch so every instance agrees. */
export function windowAt(windowMs: number, now: number): RateWindow {
  const id = Math.floor(now / windowMs);
  const startMs = id * windowMs;
  return { id, startMs, resetInMs: startMs + windowMs - now };
}

/** What a store reports after counting one request: the count in the window including it. */
export interface WindowHit {
  readonly count: number;
  readonly resetInMs: number;
  /** The store's number for the window that counted it (`RateLimitStore.release` takes it back from that window only); absent when the store cannot release. */
  readonly windowId?: number;
}

/** The verdict for one request, with what the rate-limit headers show. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Requests left after this one: 0 on the last allowed request and on every refusal. */
  readonly remaining: number;
  /** Whole seconds until the window resets, 1 to the window length. */
  readonly resetSeconds: number;
}

/** Turns a counted hit into a decision. */
export function decide(policy: RateLimitPolicy, hit: WindowHit): RateLimitDecision {
  const windowSeconds = Math.ceil(policy.windowMs / 1000);
  const resetSeconds = Math.min(windowSeconds, Math.max(1, Math.ceil(hit.resetInMs / 1000)));
  return {
    allowed: hit.count <= policy.limit,
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - hit.count),
    resetSeconds,
  };
}

/** Parses "60/60s", "1000/1h", "5/30m": N requests per window. Returns undefined when malformed or out of range. */
export function parseRatePolicy(text: string): RateLimitPolicy | undefined {
  const match = /^(\d{1,10})\/(\d{1,6})(s|m|h)?$/.exec(text.trim());
  if (!match) return undefined;
  const limit = Number(match[1]);
  const seconds = Number(match[2]) * ({ s: 1, m: 60, h: 3600 } as const)[(match[3] ?? "s") as "s" | "m" | "h"];
  return toPolicy(limit, seconds);
}

/** A policy from a limit and a window in seconds, or undefined when either is out of range. */
export function toPolicy(limit: number, windowSeconds: number): RateLimitPolicy | undefined {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return undefined;
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) return undefined;
  return { limit, windowMs: windowSeconds * 1000 };
}
