import type { RateLimitPolicy } from "../domain/api-key.ts";
import { type DomainError, rateLimited } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { RateLimitStore } from "./ports.ts";

/**
 * How many attempts are allowed. Sign-in counts failures only, per account-and-address and per address, in
 * tiers of growing windows: each tier spent means a longer wait, so guessing slows down step by step (backoff)
 * while the account itself is never locked: its owner, from another address, still gets in.
 */
export interface AttemptLimits {
  /** Failed sign-ins for one account from one address: a refusal for the rest of each spent tier's window. */
  readonly signInPerAccountAndIp: readonly RateLimitPolicy[];
  /** Failed sign-ins from one address, whatever the account (password spraying). */
  readonly signInPerIp: readonly RateLimitPolicy[];
  /** Sign-ups from one address. */
  readonly signUpPerIp: RateLimitPolicy;
  /** State-changing session-API and dashboard requests (POST, PATCH, DELETE) of one account. */
  readonly sessionWritesPerAccount: RateLimitPolicy;
}

const MINUTE = 60_000;

/** Enough for people who mistype; far too few to guess a 12-character password. */
export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = {
  signInPerAccountAndIp: [
    { limit: 5, windowMs: MINUTE },
    { limit: 10, windowMs: 15 * MINUTE },
    { limit: 20, windowMs: 60 * MINUTE },
    { limit: 50, windowMs: 24 * 60 * MINUTE },
  ],
  signInPerIp: [
    { limit: 30, windowMs: MINUTE },
    { limit: 100, windowMs: 15 * MINUTE },
    { limit: 300, windowMs: 24 * 60 * MINUTE },
  ],
  signUpPerIp: { limit: 20, windowMs: 60 * MINUTE },
  // Far above what a person clicks or a script managing its keys needs; far below what stalls the service.
  sessionWritesPerAccount: { limit: 120, windowMs: 10_000 },
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

/** A failure counter with its tiers: one store bucket per tier (`<name>:<window ms>`). */
export type FailureBucket = readonly [name: string, tiers: readonly RateLimitPolicy[]];

/** Refused (with the longest wait) while any tier of any bucket has as many failures as it allows. */
export async function checkFailures(limits: RateLimitStore, buckets: readonly FailureBucket[]): Promise<Result<void, DomainError>> {
  const peeks = buckets.flatMap(([name, tiers]) => tiers.map(async (tier) => [tier, await limits.peek(`${name}:${tier.windowMs}`, tier.windowMs)] as const));
  let waitMs = 0;
  for (const [tier, seen] of await Promise.all(peeks)) if (seen.count >= tier.limit) waitMs = Math.max(waitMs, seen.resetInMs);
  return waitMs > 0 ? err(rateLimited(waitMs)) : ok(undefined);
}

/** Counts one failure in every tier of every bucket. */
export async function recordFailure(limits: RateLimitStore, buckets: readonly FailureBucket[]): Promise<void> {
  await Promise.all(buckets.flatMap(([name, tiers]) => tiers.map((tier) => limits.hit(`${name}:${tier.windowMs}`, tier.windowMs))));
}
