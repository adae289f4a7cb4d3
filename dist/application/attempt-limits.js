import { rateLimited } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
const MINUTE = 60_000;
/** Enough for people who mistype; far too few to guess a 12-character password. */
export const DEFAULT_ATTEMPT_LIMITS = {
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
};
/** Counts one attempt in every bucket; refused with the longest wait when any bucket is spent. */
export async function countAttempt(limits, buckets) {
    let waitMs = 0;
    for (const [bucket, policy] of buckets) {
        const hit = await limits.hit(bucket, policy.windowMs);
        if (hit.count > policy.limit)
            waitMs = Math.max(waitMs, hit.resetInMs);
    }
    return waitMs > 0 ? err(rateLimited(waitMs)) : ok(undefined);
}
/** Refused (with the longest wait) while any tier of any bucket has as many failures as it allows. */
export async function checkFailures(limits, buckets) {
    const peeks = buckets.flatMap(([name, tiers]) => tiers.map(async (tier) => [tier, await limits.peek(`${name}:${tier.windowMs}`, tier.windowMs)]));
    let waitMs = 0;
    for (const [tier, seen] of await Promise.all(peeks))
        if (seen.count >= tier.limit)
            waitMs = Math.max(waitMs, seen.resetInMs);
    return waitMs > 0 ? err(rateLimited(waitMs)) : ok(undefined);
}
/** Counts one failure in every tier of every bucket. */
export async function recordFailure(limits, buckets) {
    await Promise.all(buckets.flatMap(([name, tiers]) => tiers.map((tier) => limits.hit(`${name}:${tier.windowMs}`, tier.windowMs))));
}
