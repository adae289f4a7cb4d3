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
      /**
       * Hears every refused hit with its count, before the 429 is answered (the first refusal of a window stores
       * `key.rate_limited`); a no-op for every other refusal. Never rejects.
       */
      onRefused?: (key: ApiKey, hit: WindowHit) => Promise<void> | void;
    },
  ) {}

  async execute(cmd: ConsumeRateLimitCommand): Promise<RateLimitDecision> {
    const { policy } = cmd.key;
    const hit = await this.deps.limits.hit(cmd.key.id, policy.windowMs);
    const decision = decide(policy, hit);
    if (!decision.allowed) await this.deps.onRefused?.(cmd.key, hit);
    return decision;
  }
}
