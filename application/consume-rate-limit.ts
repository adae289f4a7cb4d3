import type { ApiKey } from "../domain/api-key.ts";
import { decide, type RateLimitDecision, type WindowHit } from "../domain/rate-limit.ts";
import type { RateLimitStore } from "./ports.ts";

export interface ConsumeRateLimitCommand {
  readonly key: ApiKey;
  /**
   * The unit already counted for this request on the key's own counter (by `ApiKeyStore.findByHashCounting`): decided
   * with as it is, never counted again. Absent: this use case counts it.
   */
  readonly hit?: WindowHit;
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

  /**
   * The decision on a unit already counted (`hit`), when it admits the call: nothing is left to do for it, so a
   * transport answers without the promise turns of `execute`. undefined when the hit refuses the call (`execute`
   * then hears the refusal).
   */
  admitted(key: ApiKey, hit: WindowHit): RateLimitDecision | undefined {
    const decision = decide(key.policy, hit);
    return decision.allowed ? decision : undefined;
  }

  async execute(cmd: ConsumeRateLimitCommand): Promise<RateLimitDecision> {
    const { key } = cmd;
    const hit = cmd.hit ?? (await this.hitKey(key));
    const decision = decide(key.policy, hit);
    if (!decision.allowed) await this.deps.onRefused?.(key, hit);
    return decision;
  }

  private hitKey(key: ApiKey): Promise<WindowHit> {
    const { limits } = this.deps;
    const { windowMs, limit } = key.policy;
    return limits.hitKey ? limits.hitKey(key.id, windowMs, limit) : limits.hit(key.id, windowMs, limit);
  }
}
