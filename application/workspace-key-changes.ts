import type { ApiKeySummary } from "../domain/api-key-summary.ts";
import type { AuditEvent } from "../domain/audit.ts";
import type { DomainError } from "../domain/errors.ts";
import { ok, type Result } from "../domain/result.ts";
import type { ApiKeyStore, AuditLog, WorkspaceStore } from "./ports.ts";
import type { RotateKey, RotateKeyOutput } from "./rotate-key.ts";
import type { UpdateKey } from "./update-key.ts";
import { authorizeKeyChange, authorizeWorkspace } from "./workspace-access.ts";

interface Caller {
  readonly accountId: string;
  readonly workspaceId: string;
}

/**
 * Rotation, updates and the audit list for a workspace's members, through the same use cases as the CLI;
 * a key of another workspace looks unknown (not_found), a member may change only the keys it created, and the account
 * is the audited actor.
 */
export class WorkspaceKeyChanges {
  constructor(private readonly deps: { workspaces: WorkspaceStore; keys: ApiKeyStore; rotateKey: RotateKey; updateKey: UpdateKey; audit: AuditLog }) {}

  async rotate(cmd: Caller & { keyId: string; graceSeconds?: number }): Promise<Result<RotateKeyOutput, DomainError>> {
    const access = await authorizeKeyChange(this.deps, cmd);
    if (!access.ok) return access;
    return this.deps.rotateKey.execute({
      id: cmd.keyId, graceSeconds: cmd.graceSeconds, workspaceId: cmd.workspaceId, actor: { accountId: cmd.accountId },
    });
  }

  async update(
    cmd: Caller & { keyId: string; name?: string; limit?: number; windowSeconds?: number },
  ): Promise<Result<ApiKeySummary, DomainError>> {
    const access = await authorizeKeyChange(this.deps, cmd);
    if (!access.ok) return access;
    const { keyId, name, limit, windowSeconds, workspaceId } = cmd;
    return this.deps.updateKey.execute({ id: keyId, name, limit, windowSeconds, workspaceId, actor: { accountId: cmd.accountId } });
  }

  async audit(cmd: Caller): Promise<Result<readonly AuditEvent[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    return ok(await this.deps.audit.list(cmd.workspaceId));
  }
}
