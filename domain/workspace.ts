import { checkDisplayName } from "./display-name.ts";
import type { InputIssue } from "./errors.ts";
import { err, ok, type Result } from "./result.ts";

/** What a member may do: owners and admins manage the workspace itself; every member manages its keys. */
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

/** An account's place in a workspace. Invitations will add memberships with other roles. */
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

/** The things a member can ask to do in a workspace. */
export type WorkspaceAction = "read" | "manage_keys" | "rename";

export function isAllowed(role: Role, action: WorkspaceAction): boolean {
  if (action === "rename") return role === "owner" || role === "admin";
  return true;
}

/** A trimmed name of 1 to 64 characters, without control or bidi-override characters, or the problem with it. */
export function checkWorkspaceName(raw: unknown): Result<string, InputIssue> {
  return checkDisplayName(raw, MAX_WORKSPACE_NAME_LENGTH);
}

/** Oldest first, so the personal workspace (created at sign-up) leads. */
export const byCreation = <T extends { readonly createdAt: number }>(a: T, b: T): number => a.createdAt - b.createdAt;
