import { checkDisplayName } from "./display-name.ts";
import type { InputIssue } from "./errors.ts";
import type { Result } from "./result.ts";

/** What a member may do (isAllowed): owners do everything, admins manage keys, packs and non-owner members, members their own keys. */
export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

export const MAX_WORKSPACE_NAME_LENGTH = 64;
export const PERSONAL_WORKSPACE_NAME = "Personal";
/** Workspaces one account may belong to (its personal one included): creating past it is 409 conflict. */
export const MAX_WORKSPACES_PER_ACCOUNT = 100;

/** A group of API keys shared by its members. */
export interface Workspace {
  readonly id: string;
  readonly name: string;
  /** The workspace every account gets at sign-up. */
  readonly personal: boolean;
  readonly createdBy: string;
  readonly createdAt: number;
}

/** An account's place in a workspace: the creator's as owner, others' through an invitation. */
export interface Membership {
  readonly workspaceId: string;
  readonly accountId: string;
  readonly role: Role;
  readonly createdAt: number;
}

/** The public view of a workspace. */
export interface WorkspaceView {
  readonly id: string;
  readonly name: string;
  readonly personal: boolean;
  readonly createdAt: string;
}

export const toWorkspaceView = (workspace: Workspace): WorkspaceView => ({
  id: workspace.id,
  name: workspace.name,
  personal: workspace.personal,
  createdAt: new Date(workspace.createdAt).toISOString(),
});

/** The things a member can ask to do in a workspace: the rows of shared/contract.md's role × action table. */
export const WORKSPACE_ACTIONS = [
  "read", "create_key", "manage_own_keys", "manage_any_key", "manage_packs", "rename",
  "invite", "revoke_invitation", "remove_member", "invite_owner", "change_role", "remove_owner", "leave",
  "manage_webhooks",
] as const;
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

const EVERYONE: readonly Role[] = ROLES;
const MANAGERS: readonly Role[] = ["owner", "admin"];
const OWNERS: readonly Role[] = ["owner"];

/** Who may do what; "leave" is refused to the last owner by a rule on the whole roster (lastOwnerProblem), not by role. */
const ALLOWED: Record<WorkspaceAction, readonly Role[]> = {
  read: EVERYONE, create_key: EVERYONE, manage_own_keys: EVERYONE, leave: EVERYONE,
  manage_any_key: MANAGERS, manage_packs: MANAGERS, rename: MANAGERS, invite: MANAGERS, revoke_invitation: MANAGERS, remove_member: MANAGERS,
  invite_owner: OWNERS, change_role: OWNERS, remove_owner: OWNERS,
  manage_webhooks: MANAGERS,
};

export function isAllowed(role: Role, action: WorkspaceAction): boolean {
  return ALLOWED[action].includes(role);
}

/** A trimmed name of 1 to 64 characters, without control or bidi-override characters, or the problem with it. */
export function checkWorkspaceName(raw: unknown): Result<string, InputIssue> {
  return checkDisplayName(raw, MAX_WORKSPACE_NAME_LENGTH);
}

/** Oldest first, so the personal workspace (created at sign-up) leads. */
export const byCreation = <T extends { readonly createdAt: number }>(a: T, b: T): number => a.createdAt - b.createdAt;
