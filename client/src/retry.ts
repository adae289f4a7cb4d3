/** How hard a call tries: at most `maxAttempts` requests, backoff delays of `baseMs * 2^n` capped at `capMs`. */
export interface RetryOptions {
  readonly maxAttempts?: number;
  readonly baseMs?: number;
  readonly capMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseMs: 200, capMs: 10_000 };

/** Fills in defaults and refuses settings that would retry forever or never wait. */
export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY, ...options };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) throw new RangeError("retry.maxAttempts must be an integer ≥ 1");
  if (!Number.isFinite(policy.baseMs) || policy.baseMs < 0) throw new RangeError("retry.baseMs must be a finite number ≥ 0");
  if (!Number.isFinite(policy.capMs) || policy.capMs < policy.baseMs) throw new RangeError("retry.capMs must be finite and ≥ retry.baseMs");
  return policy;
}

/**
 * "Full jitter" exponential backoff: a uniformly random wait in [0, min(cap, base · 2^(attempt−1))), so
 * clients that failed together do not retry together. `attempt` counts from 1 (the request that failed).
 */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

/** A header holding whole seconds, or (`Retry-After` only) an HTTP date; undefined when absent or unreadable. */
export function headerDelayMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before trying again after an answer with `status`, or undefined for "do not retry".
 * 429 waits what the server says (`Retry-After`, else `X-Ratelimit-Reset`); 503 backs off, never sooner
 * than a `Retry-After`; every other status is final.
 */
export function retryDelayMs(status: number, headers: Headers, attempt: number, policy: RetryPolicy, random: () => number): number | undefined {
  const retryAfter = headerDelayMs(headers.get("retry-after"));
  if (status === 429) return retryAfter ?? headerDelayMs(headers.get("x-ratelimit-reset")) ?? backoffMs(attempt, policy, random);
  if (status === 503) return Math.max(backoffMs(attempt, policy, random), retryAfter ?? 0);
  return undefined;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
