import type { ApiKeySummary } from "../domain/api-key-summary.ts";
import type { DomainError } from "../domain/errors.ts";
import { ok, type Result } from "../domain/result.ts";
import type { ListKeys } from "./list-keys.ts";
import type { WorkspaceStore } from "./ports.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface ListWorkspaceKeysCommand {
  readonly accountId: string;
  readonly workspaceId: string;
}

/** A workspace's keys (revoked ones included, never secrets), for its members only. */
export class ListWorkspaceKeys {
  constructor(private readonly deps: { workspaces: WorkspaceStore; listKeys: ListKeys }) {}

  async execute(cmd: ListWorkspaceKeysCommand): Promise<Result<readonly ApiKeySummary[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    return ok(await this.deps.listKeys.execute({ workspaceId: cmd.workspaceId }));
  }
}
