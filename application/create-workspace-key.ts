import type { DomainError } from "../domain/errors.ts";
import type { Result } from "../domain/result.ts";
import type { CreateKey, CreateKeyCommand, CreateKeyOutput } from "./create-key.ts";
import type { WorkspaceStore } from "./ports.ts";
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

/** Mints a key in a workspace through the same CreateKey use case as the CLI; every member may, and becomes its creator. */
export class CreateWorkspaceKey {
  constructor(private readonly deps: { workspaces: WorkspaceStore; createKey: CreateKey }) {}

  async execute(cmd: CreateWorkspaceKeyCommand): Promise<Result<CreateKeyOutput, DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "create_key");
    return access.ok ? this.deps.createKey.execute(toCreateKey(cmd)) : access;
  }

  /** Whether execute would mint this key now (the account's right in the workspace, the key's fields), minting nothing. */
  async check(cmd: CreateWorkspaceKeyCommand): Promise<Result<void, DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "create_key");
    return access.ok ? this.deps.createKey.check(toCreateKey(cmd)) : access;
  }
}

function toCreateKey(cmd: CreateWorkspaceKeyCommand): CreateKeyCommand {
  const { name, env, limit, windowSeconds, expiresInSeconds, expiresAt, scopes, workspaceId } = cmd;
  return { name, env, limit, windowSeconds, expiresInSeconds, expiresAt, scopes, workspaceId, actor: { accountId: cmd.accountId } };
}
