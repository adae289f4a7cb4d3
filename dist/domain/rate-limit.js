export const MAX_LIMIT = 1_000_000_000;
export const MAX_WINDOW_SECONDS = 86_400;
/** Which fixed window `now` falls in. Windows are aligned to the epoch so every instance agrees. */
export function windowAt(windowMs, now) {
    const id = Math.floor(now / windowMs);
    const startMs = id * windowMs;
    return { id, startMs, resetInMs: startMs + windowMs - now };
}
/** Turns a counted hit into a decision. */
export function decide(policy, hit) {
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
export function parseRatePolicy(text) {
    const match = /^(\d{1,10})\/(\d{1,6})(s|m|h)?$/.exec(text.trim());
    if (!match)
        return undefined;
    const limit = Number(match[1]);
    const seconds = Number(match[2]) * { s: 1, m: 60, h: 3600 }[(match[3] ?? "s")];
    return toPolicy(limit, seconds);
}
/** A policy from a limit and a window in seconds, or undefined when either is out of range. */
export function toPolicy(limit, windowSeconds) {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
        return undefined;
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS)
        return undefined;
    return { limit, windowMs: windowSeconds * 1000 };
}
