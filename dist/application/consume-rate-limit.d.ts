import type { ApiKey } from "../domain/api-key.ts";
import { type RateLimitDecision } from "../domain/rate-limit.ts";
import type { RateLimitStore } from "./ports.ts";
export interface ConsumeRateLimitCommand {
    readonly key: ApiKey;
}
/** Counts one request against the key's window and decides whether it may proceed. */
export declare class ConsumeRateLimit {
    private readonly deps;
    constructor(deps: {
        limits: RateLimitStore;
    });
    execute(cmd: ConsumeRateLimitCommand): Promise<RateLimitDecision>;
}
