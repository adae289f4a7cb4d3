import { type ApiKey, revoke } from "../domain/api-key.ts";
import { type ApiKeySummary, toKeySummary } from "../domain/api-key-summary.ts";
import type { AuditActor } from "../domain/audit.ts";
import { type DomainError, keyNotFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { ApiKeyStore } from "./ports.ts";
import { journaled, markedChange } from "./change-journal.ts";
import type { AuditDeps } from "./record-audit.ts";

export interface RevokeKeyCommand {
  readonly id: string;
  /** When given, only a key of this workspace may be revoked; others look unknown. */
  readonly workspaceId?: string;
  /** Who revokes it, for the audit log; the CLI when absent. */
  readonly actor?: AuditActor;
}

/** Revokes a key at once; revoking twice is harmless and keeps the first revocation time (and one audit event). */
export class RevokeKey {
  constructor(private readonly deps: AuditDeps & { keys: ApiKeyStore }) {}

  async execute(cmd: RevokeKeyCommand): Promise<Result<ApiKeySummary, DomainError>> {
    const now = this.deps.clock.now();
    const inWorkspace = (key: ApiKey) => cmd.workspaceId === undefined || key.workspaceId === cmd.workspaceId;
    // The event names the key's workspace, so it is read first; the revocation itself applies to the key as stored
    // at the moment of writing: whatever raced it, the key ends revoked.
    const found = await this.deps.keys.findById(cmd.id);
    if (!found || !inWorkspace(found)) return err(keyNotFound(cmd.id));
    const subject = { type: "key.revoked", actor: cmd.actor ?? { cli: true }, workspaceId: found.workspaceId, keyId: found.id } as const;
    const marked = markedChange(this.deps, "key", found.id);
    const change = await journaled(this.deps, { subjects: [subject], check: marked.check }, async () => {
      const update = await this.deps.keys.update(cmd.id, marked.mark<ApiKey>((key) => (inWorkspace(key) ? revoke(key, now) : undefined)));
      return { landed: !!update && update.after !== update.before, value: update };
    });
    if (!change || !inWorkspace(change.before)) return err(keyNotFound(cmd.id));
    return ok(toKeySummary(change.after, now));
  }

}
