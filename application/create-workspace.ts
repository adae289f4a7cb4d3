import { conflict, type DomainError, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { checkWorkspaceName, MAX_WORKSPACES_PER_ACCOUNT, type Workspace } from "../domain/workspace.ts";
import { journaled } from "./change-journal.ts";
import type { AuditLog, Clock, Outbox, SecretSource, WorkspaceStore } from "./ports.ts";
import { newId } from "./random-ids.ts";

export interface CreateWorkspaceCommand {
  readonly accountId: string;
  readonly name: unknown;
}

/** Creates a shared (non-personal) workspace with the caller as its owner, up to MAX_WORKSPACES_PER_ACCOUNT. */
export class CreateWorkspace {
  constructor(private readonly deps: { workspaces: WorkspaceStore; secrets: SecretSource; clock: Clock; audit?: AuditLog; outbox?: Outbox }) {}

  async execute(cmd: CreateWorkspaceCommand): Promise<Result<Workspace, DomainError>> {
    const name = checkWorkspaceName(cmd.name);
    if (!name.ok) return err(invalidInput([name.error]));
    const now = this.deps.clock.now();
    const workspace: Workspace = { id: newId(this.deps.secrets, "ws"), name: name.value, personal: false, createdBy: cmd.accountId, createdAt: now };
    // The membership goes first: a workspace is never visible without its owner. The store checks the cap in the
    // same atomic step as the write, so concurrent creations (on any instance) never pass it together.
    // A process killed between the two writes leaves the intent, whose recovery writes the workspace.
    const membership = { workspaceId: workspace.id, accountId: cmd.accountId, role: "owner" as const, createdAt: now };
    const write = async () => {
      if (!(await this.deps.workspaces.saveMembership(membership, { maxPerAccount: MAX_WORKSPACES_PER_ACCOUNT }))) return { landed: false, value: false };
      await this.deps.workspaces.save(workspace);
      return { landed: true, value: true };
    };
    const { audit, outbox } = this.deps;
    const plan = { subjects: [], check: { kind: "workspace", workspace } } as const;
    const created = audit && outbox ? await journaled({ ...this.deps, audit, outbox }, plan, write) : (await write()).value;
    return created ? ok(workspace) : err(conflict(`An account can belong to at most ${MAX_WORKSPACES_PER_ACCOUNT} workspaces.`));
  }
}
