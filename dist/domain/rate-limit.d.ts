import type { RateLimitPolicy } from "./api-key.ts";
export declare const MAX_LIMIT = 1000000000;
export declare const MAX_WINDOW_SECONDS = 86400;
/** A fixed window: the counter for `id` lives from `startMs` until `startMs + windowMs`. */
export interface RateWindow {
    readonly id: number;
    readonly startMs: number;
    readonly resetInMs: number;
}
/** Which fixed window `now` falls in. Windows are aligned to the epoch so every instance agrees. */
export declare function windowAt(windowMs: number, now: number): RateWindow;
/** What a store reports after counting one request: the count in the window including it. */
export interface WindowHit {
    readonly count: number;
    readonly resetInMs: number;
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
export declare function decide(policy: RateLimitPolicy, hit: WindowHit): RateLimitDecision;
/** Parses "60/60s", "1000/1h", "5/30m": N requests per window. Returns undefined when malformed or out of range. */
export declare function parseRatePolicy(text: string): RateLimitPolicy | undefined;
/** A policy from a limit and a window in seconds, or undefined when either is out of range. */
export declare function toPolicy(limit: number, windowSeconds: number): RateLimitPolicy | undefined;
