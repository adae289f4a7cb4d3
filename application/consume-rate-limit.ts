import type { ApiKey } from "../domain/api-key.ts";
import { decide, type RateLimitDecision, type WindowHit } from "../domain/rate-limit.ts";
import type { RateLimitStore } from "./ports.ts";

export interface ConsumeRateLimitCommand {
  readonly key: ApiKey;
}

/** Counts one request against the key's window and decides whether it may proceed. */
export class ConsumeRateLimit {
  constructor(
    private readonly deps: {
      limits: RateLimitStore;
      /** Hears every refused hit with its count (the first refusal of a window sends `key.rate_limited`); must not block. */
      onRefused?: (key: ApiKey, hit: WindowHit) => void;
    },
  ) {}

  async execute(cmd: ConsumeRateLimitCommand): Promise<RateLimitDecision> {
    const { policy } = cmd.key;
    const hit = await this.deps.limits.hit(cmd.key.id, policy.windowMs);
    const decision = decide(policy, hit);
    if (!decision.allowed) this.deps.onRefused?.(cmd.key, hit);
    return decision;
  }
}
