import type { RateLimitPolicy } from "../domain/api-key.ts";
import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
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
    readonly signUpPerIp: RateLimitPolicy;
}
/** Enough for people who mistype; far too few to guess a 12-character password. */
export declare const DEFAULT_ATTEMPT_LIMITS: AttemptLimits;
/** Counts one attempt in every bucket; refused with the longest wait when any bucket is spent. */
export declare function countAttempt(limits: RateLimitStore, buckets: readonly (readonly [string, RateLimitPolicy])[]): Promise<Result<void, DomainError>>;
/** A failure counter with its tiers: one store bucket per tier (`<name>:<window ms>`). */
export type FailureBucket = readonly [name: string, tiers: readonly RateLimitPolicy[]];
/** Refused (with the longest wait) while any tier of any bucket has as many failures as it allows. */
export declare function checkFailures(limits: RateLimitStore, buckets: readonly FailureBucket[]): Promise<Result<void, DomainError>>;
/** Counts one failure in every tier of every bucket. */
export declare function recordFailure(limits: RateLimitStore, buckets: readonly FailureBucket[]): Promise<void>;
