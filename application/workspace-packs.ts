import { type DomainError, invalidInput, notFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { CORE_PACK_ID } from "../domain/tool-pack.ts";
import type { PackListChange, WorkspacePackStore, WorkspaceStore } from "./ports.ts";
import { journaled } from "./change-journal.ts";
import type { AuditDeps } from "./record-audit.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface WorkspacePackCommand {
  readonly accountId: string;
  readonly workspaceId: string;
  readonly packId: string;
}


export interface WorkspacePackDeps {
  readonly workspaces: WorkspaceStore;
  readonly packs: WorkspacePackStore;
  /** Ids of the installed packs, core included. */
  readonly installed: readonly string[];
  /** With them, who changed a workspace's packs is audited and sent as an event, as one with the change. */
  readonly audit?: AuditDeps;
}

/**
 * Runs a pack change, journaled with its audit event when the deps have an audit log: recorded (and sent) only when
 * this call changed the list, so enabling an enabled pack, a retry or a double click, tells no one anything.
 */
async function packChange(deps: WorkspacePackDeps, cmd: WorkspacePackCommand, enabled: boolean, apply: () => Promise<PackListChange>) {
  if (!deps.audit) return (await apply()).ids;
  const subject = { type: enabled ? "pack.enabled" : "pack.disabled", workspaceId: cmd.workspaceId, packId: cmd.packId, actor: { accountId: cmd.accountId } } as const;
  const check = { kind: "pack", workspaceId: cmd.workspaceId, packId: cmd.packId, enabled } as const;
  return journaled(deps.audit, { subjects: [subject], check }, async () => {
    const { ids, changed } = await apply();
    return { landed: changed, value: ids };
  });
}

/** The enabled list as the API shows it: core first, always, then only packs still installed. */
const view = (deps: WorkspacePackDeps, ids: readonly string[]): string[] =>
  [CORE_PACK_ID, ...ids.filter((id) => id !== CORE_PACK_ID && deps.installed.includes(id))];

/** GET /workspaces/{id}/packs. */
export class ListWorkspacePacks {
  constructor(private readonly deps: WorkspacePackDeps) {}

  async execute(cmd: Omit<WorkspacePackCommand, "packId">): Promise<Result<string[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    return ok(view(this.deps, await this.deps.packs.list(cmd.workspaceId)));
  }
}

/** POST /workspaces/{id}/packs/{packId}: only an installed pack; enabling core is a no-op. */
export class EnableWorkspacePack {
  constructor(private readonly deps: WorkspacePackDeps) {}

  async execute(cmd: WorkspacePackCommand): Promise<Result<string[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "manage_packs");
    if (!access.ok) return access;
    if (!this.deps.installed.includes(cmd.packId)) return err(notFound(`No installed pack has the id '${cmd.packId}'.`));
    if (cmd.packId === CORE_PACK_ID) return ok(view(this.deps, await this.deps.packs.list(cmd.workspaceId)));
    const ids = await packChange(this.deps, cmd, true, () => this.deps.packs.enable(cmd.workspaceId, cmd.packId));
    return ok(view(this.deps, ids));
  }
}

/** DELETE /workspaces/{id}/packs/{packId}: takes effect for every key of the workspace at once; core cannot be disabled. */
export class DisableWorkspacePack {
  constructor(private readonly deps: WorkspacePackDeps) {}

  async execute(cmd: WorkspacePackCommand): Promise<Result<string[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "manage_packs");
    if (!access.ok) return access;
    if (cmd.packId === CORE_PACK_ID) return err(invalidInput([{ path: "/packId", message: "The core pack cannot be disabled." }], "The core pack cannot be disabled."));
    if (!this.deps.installed.includes(cmd.packId)) return err(notFound(`No installed pack has the id '${cmd.packId}'.`));
    const ids = await packChange(this.deps, cmd, false, () => this.deps.packs.disable(cmd.workspaceId, cmd.packId));
    return ok(view(this.deps, ids));
  }
}
