import type { RateLimitPolicy } from "../domain/api-key.ts";
import { type DomainError, rateLimited } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { RateLimitStore } from "./ports.ts";

/**
 * How many attempts are allowed. Sign-in counts failures only, in tiers of growing windows: each tier spent means a
 * longer wait, so guessing slows down step by step (backoff). Per account-and-address and per address, the owner at
 * another address is never slowed; per account (whatever the address), a distributed guesser is capped too, which
 * refuses the owner's password sign-ins for at most the longest tier's window (other ways in still work).
 * Client addresses are counted by toThrottleAddress: an IPv6 client by its /64.
 */
export interface AttemptLimits {
  /** Failed sign-ins for one account from one address: a refusal for the rest of each spent tier's window. */
  readonly signInPerAccountAndIp: readonly RateLimitPolicy[];
  /** Failed sign-ins from one address, whatever the account (password spraying). */
  readonly signInPerIp: readonly RateLimitPolicy[];
  /** Failed password sign-ins for one account from every address together (guessing from many addresses). */
  readonly signInPerAccount: readonly RateLimitPolicy[];
  /** Sign-ups from one address. */
  readonly signUpPerIp: RateLimitPolicy;
  /** State-changing session-API and dashboard requests (POST, PATCH, DELETE) of one account. */
  readonly sessionWritesPerAccount: RateLimitPolicy;
  /** Passkey sign-in challenges asked from one address (each sign-in needs one; each is stored for 5 minutes). */
  readonly passkeyChallengesPerIp?: RateLimitPolicy;
  /**
   * Wrong second-factor codes (TOTP or recovery) for one account, whatever the mfaToken or session: an attacker who has
   * the password could otherwise fetch new mfaTokens without end. Released when the code is right.
   */
  readonly secondFactorPerAccount?: readonly RateLimitPolicy[];
  /** Password reset emails asked for one address-to-reset (known or not, so a 429 tells nothing about it). */
  readonly passwordResetPerEmail?: RateLimitPolicy;
  /** Password reset requests from one client address, whatever the email. */
  readonly passwordResetPerIp?: RateLimitPolicy;
  /** Reset confirmations from one client address: each may cost a strength estimate and a KDF run. */
  readonly passwordResetConfirmPerIp?: RateLimitPolicy;
  /** Verification emails asked for one account. */
  readonly verificationPerAccount?: RateLimitPolicy;
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
  // Above what one address may fail (so one mistyping owner never trips it); an hour at most, so a guesser cannot
  // keep the owner's password sign-in shut for longer than that at a time: at most 2,400 guesses a day.
  signInPerAccount: [
    { limit: 10, windowMs: MINUTE },
    { limit: 30, windowMs: 15 * MINUTE },
    { limit: 100, windowMs: 60 * MINUTE },
  ],
  signUpPerIp: { limit: 20, windowMs: 60 * MINUTE },
  // Far above what a person clicks or a script managing its keys needs; far below what stalls the service.
  sessionWritesPerAccount: { limit: 120, windowMs: 10_000 },
  passkeyChallengesPerIp: { limit: 30, windowMs: MINUTE },
  // Three codes are valid at a time (±1 step): at most 480 guesses a day, about one chance in 700 of a match a day.
  secondFactorPerAccount: [
    { limit: 10, windowMs: 15 * MINUTE },
    { limit: 20, windowMs: 60 * MINUTE },
  ],
  passwordResetPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  passwordResetPerIp: { limit: 20, windowMs: 60 * MINUTE },
  passwordResetConfirmPerIp: { limit: 30, windowMs: 15 * MINUTE },
  verificationPerAccount: { limit: 5, windowMs: 60 * MINUTE },
};

/** Counts one attempt in every bucket (one atomic hit each); refused with the longest wait when any bucket is spent. */
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

/** An attempt counted in advance: released when it turns out not to be a failure. */
export interface HeldAttempt {
  /** Takes the attempt back from every tier it was counted in (where the store can). */
  release(): Promise<void>;
}

/**
 * Counts one attempt in every tier of every bucket up front, each with one atomic hit, so concurrent attempts on any
 * number of instances get distinct counts and no more than a tier's limit can be in flight or failed at once (a peek
 * before and a hit after would let a burst all pass the peek). Refused, with the longest wait of the spent tiers,
 * when any count passes its limit; a refused attempt is released, so only attempts that were checked count.
 */
export async function holdAttempt(limits: RateLimitStore, buckets: readonly FailureBucket[]): Promise<Result<HeldAttempt, DomainError>> {
  const tiers = buckets.flatMap(([name, policies]) => policies.map((policy) => [`${name}:${policy.windowMs}`, policy] as const));
  const hits = await Promise.all(tiers.map(([bucket, policy]) => limits.hit(bucket, policy.windowMs)));
  const held: HeldAttempt = {
    release: async () => {
      await Promise.all(tiers.map(([bucket, policy], i) => {
        const { windowId } = hits[i];
        return windowId === undefined ? undefined : limits.release?.(bucket, policy.windowMs, windowId);
      }));
    },
  };
  let waitMs = 0;
  for (const [i, [, policy]] of tiers.entries()) if (hits[i].count > policy.limit) waitMs = Math.max(waitMs, hits[i].resetInMs);
  if (waitMs === 0) return ok(held);
  await held.release();
  return err(rateLimited(waitMs));
}
