import type { RateLimitPolicy } from "../domain/api-key.ts";
import { type DomainError, rateLimited } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { RateLimitStore } from "./ports.ts";

/** How many sign-in and sign-up attempts are allowed, per account (email) and per client address. */
export interface AttemptLimits {
  readonly signInPerAccount: RateLimitPolicy;
  readonly signInPerIp: RateLimitPolicy;
  readonly signUpPerIp: RateLimitPolicy;
}

/** Enough for people who mistype; far too few to guess a 12-character password. */
export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = {
  signInPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  signInPerIp: { limit: 100, windowMs: 15 * 60_000 },
  signUpPerIp: { limit: 20, windowMs: 60 * 60_000 },
};

/** Counts one attempt in every bucket; refused with the longest wait when any bucket is spent. */
export async function countAttempt(
  limits: RateLimitStore,
  buckets: readonly (readonly [string, RateLimitPolicy])[],
): Promise<Result<void, DomainError>> {
  let waitMs = 0;
  for (const [bucket, policy] of buckets) {
    const hit = await limits.hit(bucket, policy.windowMs);
    if (hit.count > policy.limit) waitMs = Math.max(waitMs, hit.resetInMs);
  }
  return waitMs > 0 ? err(rateLimited(waitMs)) : ok(undefined);
}
