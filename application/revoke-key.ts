import { type ApiKeySummary, revoke, toKeySummary } from "../domain/api-key.ts";
import { type DomainError, keyNotFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { ApiKeyStore, Clock } from "./ports.ts";

export interface RevokeKeyCommand {
  readonly id: string;
  /** When given, only a key of this workspace may be revoked; others look unknown. */
  readonly workspaceId?: string;
}

/** Revokes a key at once; revoking twice is harmless and keeps the first revocation time. */
export class RevokeKey {
  constructor(private readonly deps: { keys: ApiKeyStore; clock: Clock }) {}

  async execute(cmd: RevokeKeyCommand): Promise<Result<ApiKeySummary, DomainError>> {
    const key = await this.deps.keys.findById(cmd.id);
    if (!key) return err(keyNotFound(cmd.id));
    if (cmd.workspaceId !== undefined && key.workspaceId !== cmd.workspaceId) return err(keyNotFound(cmd.id));
    const revoked = revoke(key, this.deps.clock.now());
    if (revoked !== key) await this.deps.keys.save(revoked);
    return ok(toKeySummary(revoked));
  }
}
