import type { ApiKey } from "../domain/api-key.ts";
import { decide, type RateLimitDecision } from "../domain/rate-limit.ts";
import type { RateLimitStore } from "./ports.ts";

export interface ConsumeRateLimitCommand {
  readonly key: ApiKey;
}

/** Counts one request against the key's window and decides whether it may proceed. */
export class ConsumeRateLimit {
  constructor(private readonly deps: { limits: RateLimitStore }) {}

  async execute(cmd: ConsumeRateLimitCommand): Promise<RateLimitDecision> {
    const { policy } = cmd.key;
    const hit = await this.deps.limits.hit(cmd.key.id, policy.windowMs);
    return decide(policy, hit);
  }
}
