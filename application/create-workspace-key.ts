import type { DomainError } from "../domain/errors.ts";
import type { Result } from "../domain/result.ts";
import type { CreateKey, CreateKeyCommand, CreateKeyOutput } from "./create-key.ts";
import type { WorkspaceStore } from "./ports.ts";
import type { RevokeKey } from "./revoke-key.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface CreateWorkspaceKeyCommand {
  readonly accountId: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly env: string;
  readonly limit?: number;
  readonly windowSeconds?: number;
  /** As CreateKey: seconds from now, or an epoch-ms moment; never when both are absent. */
  readonly expiresInSeconds?: number;
  readonly expiresAt?: number;
  /** As CreateKey: the tool ids and categories the key may call; every tool when absent or null. */
  readonly scopes?: CreateKeyCommand["scopes"];
}

/**
 * Mints a key in a workspace through the same CreateKey use case as the CLI; every member may, and becomes its creator.
 *
 * The membership is read again once the key is saved: a removal, or the account's deletion, that landed meanwhile
 * (on any instance) may have swept the workspace's keys before this one was saved, so the key is revoked and the
 * caller refused, as if the removal had come first. DeleteAccount sweeps its personal workspace's keys again after
 * removing the membership, so a key saved before that second sweep is revoked by it, and one saved after finds the
 * membership gone here: none outlives the account.
 */
export class CreateWorkspaceKey {
  constructor(private readonly deps: { workspaces: WorkspaceStore; createKey: CreateKey; revokeKey: RevokeKey }) {}

  async execute(cmd: CreateWorkspaceKeyCommand): Promise<Result<CreateKeyOutput, DomainError>> {
    const access = await this.authorize(cmd);
    if (!access.ok) return access;
    const created = await this.deps.createKey.execute(toCreateKey(cmd));
    if (!created.ok) return created;
    const still = await this.authorize(cmd);
    if (still.ok) return created;
    await this.deps.revokeKey.execute({ id: created.value.key.id, workspaceId: cmd.workspaceId, actor: { accountId: cmd.accountId } });
    return still;
  }

  /** Whether execute would mint this key now (the account's right in the workspace, the key's fields), minting nothing. */
  async check(cmd: CreateWorkspaceKeyCommand): Promise<Result<void, DomainError>> {
    const access = await this.authorize(cmd);
    return access.ok ? this.deps.createKey.check(toCreateKey(cmd)) : access;
  }

  private authorize(cmd: CreateWorkspaceKeyCommand) {
    return authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "create_key");
  }
}

function toCreateKey(cmd: CreateWorkspaceKeyCommand): CreateKeyCommand {
  const { name, env, limit, windowSeconds, expiresInSeconds, expiresAt, scopes, workspaceId } = cmd;
  return { name, env, limit, windowSeconds, expiresInSeconds, expiresAt, scopes, workspaceId, actor: { accountId: cmd.accountId } };
}
