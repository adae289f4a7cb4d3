/** How hard a call tries: at most `maxAttempts` requests, backoff delays of `baseMs * 2^n` capped at `capMs`. */
export interface RetryOptions {
  readonly maxAttempts?: number;
  readonly baseMs?: number;
  readonly capMs?: number;
  /** The longest the client waits before one retry; a server asking for longer fails the call at once. */
  readonly maxWaitMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseMs: 200, capMs: 10_000, maxWaitMs: 60_000 };

/** The longest delay setTimeout honours: a larger one (2^31 ms and up) fires after 1 ms instead. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Fills in defaults and refuses settings that would retry forever or never wait. */
export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  // An option given as undefined means "the default", as if it were left out.
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...given };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) throw new RangeError("retry.maxAttempts must be an integer ≥ 1");
  if (!Number.isFinite(policy.baseMs) || policy.baseMs < 0) throw new RangeError("retry.baseMs must be a finite number ≥ 0");
  if (!Number.isFinite(policy.capMs) || policy.capMs < policy.baseMs) throw new RangeError("retry.capMs must be finite and ≥ retry.baseMs");
  if (!(policy.maxWaitMs >= 0 && policy.maxWaitMs <= MAX_TIMER_MS)) throw new RangeError(`retry.maxWaitMs must be a number from 0 to ${MAX_TIMER_MS}`);
  return policy;
}

/**
 * "Full jitter" exponential backoff: a uniformly random wait in [0, min(cap, maxWait, base · 2^(attempt−1))), so
 * clients that failed together do not retry together. `attempt` counts from 1 (the request that failed).
 */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.maxWaitMs, policy.baseMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

// RFC 9110's three HTTP-date forms, matched strictly: Date.parse alone reads "-5" or "1.5" as dates in 2001.
const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/, // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  /^[A-Z][a-z]{5,8}, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/, // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/, // asctime: Sun Nov  6 08:49:37 1994
];

/**
 * A header holding whole seconds, or an HTTP date; undefined when absent or unreadable (negative, fractional,
 * NaN). Always finite: an absurd number of seconds reads as Number.MAX_SAFE_INTEGER ms, longer than any maxWaitMs.
 */
export function headerDelayMs(value: string | null, now: number = Date.now()): number | undefined {
  const text = value?.trim() ?? "";
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, Number.MAX_SAFE_INTEGER);
  if (!HTTP_DATE.some((form) => form.test(text))) return undefined;
  // asctime carries no zone: it is GMT by definition.
  const date = Date.parse(text.endsWith("GMT") ? text : `${text} GMT`);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), Number.MAX_SAFE_INTEGER);
}

/** What the server said about waiting, in whole seconds: `Retry-After`, else (on a 429) `X-Ratelimit-Reset`. */
export function retryAfterSeconds(status: number, headers: Headers): number | undefined {
  const ms = headerDelayMs(headers.get("retry-after")) ?? (status === 429 ? headerDelayMs(headers.get("x-ratelimit-reset")) : undefined);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
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

/** Resolves after `ms` (held to what a timer can wait), or rejects with the signal's reason as soon as it aborts. */
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
    }, timerMs(ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** `ms` as a delay setTimeout honours: NaN and negatives wait nothing, anything past MAX_TIMER_MS waits that long. */
export function timerMs(ms: number): number {
  return ms > 0 ? Math.min(ms, MAX_TIMER_MS) : 0;
}
