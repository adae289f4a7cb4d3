import type { ApiKeySummary } from "../domain/api-key-summary.ts";
import type { DomainError } from "../domain/errors.ts";
import type { Result } from "../domain/result.ts";
import type { ApiKeyStore, WorkspaceStore } from "./ports.ts";
import type { RevokeKey } from "./revoke-key.ts";
import { authorizeKeyChange } from "./workspace-access.ts";

export interface RevokeWorkspaceKeyCommand {
  readonly accountId: string;
  readonly workspaceId: string;
  readonly keyId: string;
}

/** Revokes one of a workspace's keys at once (a member: only one it created); a key of another workspace looks unknown (not_found). */
export class RevokeWorkspaceKey {
  constructor(private readonly deps: { workspaces: WorkspaceStore; keys: ApiKeyStore; revokeKey: RevokeKey }) {}

  async execute(cmd: RevokeWorkspaceKeyCommand): Promise<Result<ApiKeySummary, DomainError>> {
    const access = await authorizeKeyChange(this.deps, cmd);
    if (!access.ok) return access;
    return this.deps.revokeKey.execute({ id: cmd.keyId, workspaceId: cmd.workspaceId, actor: { accountId: cmd.accountId } });
  }
}
