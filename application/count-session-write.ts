import type { DomainError } from "../domain/errors.ts";
import type { Result } from "../domain/result.ts";
import { type AttemptLimits, countAttempt } from "./attempt-limits.ts";
import type { RateLimitStore } from "./ports.ts";

export interface CountSessionWriteCommand {
  readonly accountId: string;
}

/**
 * Counts one state-changing request of a signed-in account (session API or dashboard form) in the account's fixed
 * window; rate_limited (with the wait) once the window's writes are spent, so no account can flood storage.
 */
export class CountSessionWrite {
  constructor(private readonly deps: { limits: RateLimitStore; attemptLimits: AttemptLimits }) {}

  execute(cmd: CountSessionWriteCommand): Promise<Result<void, DomainError>> {
    return countAttempt(this.deps.limits, [[`session-write:${cmd.accountId}`, this.deps.attemptLimits.sessionWritesPerAccount]]);
  }
}
