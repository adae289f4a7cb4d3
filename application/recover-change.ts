import type { ChangeMarked } from "../domain/change-ids.ts";
import { MAX_WORKSPACES_PER_ACCOUNT, type Role, type Workspace } from "../domain/workspace.ts";
import { finishChange } from "./change-journal.ts";
import type { AccountStore, ApiKeyStore, ChangeIntent, EnsureHeld, InvitationStore, LandedCheck, WebhookStore, WorkspacePackStore, WorkspaceStore } from "./ports.ts";
import type { AuditDeps } from "./record-audit.ts";

/** The records recovery reads to tell whether a change landed. */
export interface RecoveryDeps extends AuditDeps {
  readonly keys: ApiKeyStore;
  readonly workspaces: WorkspaceStore;
  readonly invitations: InvitationStore;
  readonly packs: WorkspacePackStore;
  readonly webhooks: WebhookStore;
  readonly accounts: AccountStore;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether the change an intent describes is in storage now. An accepted invitation whose membership was not yet
 * written is finished here (the invitation is used up first, so the account that used it joins), so an accept
 * killed in between ends whole.
 */
export async function hasLanded(deps: RecoveryDeps, check: LandedCheck): Promise<boolean> {
  switch (check.kind) {
    case "marked":
      return (await markedRecord(deps, check))?.changeIds?.includes(check.changeId) === true;
    case "key": {
      const key = await deps.keys.findById(check.keyId);
      return !!key && Object.entries(check.expect).every(([field, value]) => same((key as unknown as Record<string, unknown>)[field], value));
    }
    case "key-secret": {
      const key = await deps.keys.findById(check.keyId);
      return !!key && (key.secretHash === check.secretHash || key.previousSecretHash === check.secretHash);
    }
    case "membership": {
      const membership = await deps.workspaces.findMembership(check.workspaceId, check.accountId);
      return check.role === null ? !membership : membership?.role === check.role;
    }
    case "joined":
      return joined(deps, check);
    case "invitation": {
      const invitation = await deps.invitations.findById(check.invitationId);
      return !!invitation && (check.status === "*" || invitation.status === check.status);
    }
    case "pack":
      return (await deps.packs.list(check.workspaceId)).includes(check.packId) === check.enabled;
    case "webhook":
      return (await deps.webhooks.find(check.webhookId))?.enabled === check.enabled;
    case "account":
      return (await deps.accounts.findById(check.accountId))?.changeIds?.includes(check.changeId) === true;
    case "workspace":
      return deps.workspaces.exclusive(check.workspace.id, (ensureHeld) => createdWorkspace(deps, check.workspace, ensureHeld));
  }
}

async function markedRecord(deps: RecoveryDeps, check: Extract<LandedCheck, { kind: "marked" }>): Promise<ChangeMarked | undefined> {
  switch (check.record) {
    case "key":
      return deps.keys.findById(check.id);
    case "webhook":
      return deps.webhooks.find(check.id);
    case "invitation":
      return deps.invitations.findById(check.id);
    case "account":
      return deps.accounts.findById(check.id);
  }
}

/**
 * The owner's membership is written account side first, then the roster's: a kill between the two leaves the account
 * listing a workspace whose roster lacks it, so the account's side tells whether the creation landed, and writing
 * the membership again completes the roster before the workspace itself is written.
 */
async function createdWorkspace(deps: RecoveryDeps, workspace: Workspace, ensureHeld: EnsureHeld): Promise<boolean> {
  const owner = (await deps.workspaces.listMemberships(workspace.createdBy)).find((each) => each.workspaceId === workspace.id);
  if (!owner) return false;
  ensureHeld();
  await deps.workspaces.saveMembership(owner);
  if (!(await deps.workspaces.findById(workspace.id))) await deps.workspaces.save(workspace);
  return true;
}

async function joined(deps: RecoveryDeps, check: Extract<LandedCheck, { kind: "joined" }>): Promise<boolean> {
  if (await deps.workspaces.findMembership(check.workspaceId, check.accountId)) return true;
  const invitation = await deps.invitations.findById(check.invitationId);
  if (invitation?.status !== "accepted" || invitation.endedBy !== check.accountId) return false;
  const membership = { workspaceId: check.workspaceId, accountId: check.accountId, role: check.role as Role, createdAt: invitation.endedAt ?? deps.clock.now() };
  return deps.workspaces.saveMembership(membership, { maxPerAccount: MAX_WORKSPACES_PER_ACCOUNT });
}

/** Judges an intent left by a process that did not finish it: records and sends its events when the change landed. */
export async function recoverChange(deps: RecoveryDeps, intent: ChangeIntent): Promise<boolean> {
  const landed = await hasLanded(deps, intent.check);
  if (landed) await finishChange(deps, intent);
  return landed;
}
