import type { InputIssue } from "./errors.ts";
import { type Result } from "./result.ts";
/** What a member may do: owners and admins manage the workspace itself; every member manages its keys. */
export declare const ROLES: readonly ["owner", "admin", "member"];
export type Role = (typeof ROLES)[number];
export declare const MAX_WORKSPACE_NAME_LENGTH = 64;
export declare const PERSONAL_WORKSPACE_NAME = "Personal";
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
export declare const toWorkspaceView: (workspace: Workspace) => WorkspaceView;
/** The things a member can ask to do in a workspace. */
export type WorkspaceAction = "read" | "manage_keys" | "rename";
export declare function isAllowed(role: Role, action: WorkspaceAction): boolean;
/** A trimmed name of 1 to 64 characters, or the problem with it. */
export declare function checkWorkspaceName(raw: unknown): Result<string, InputIssue>;
/** Oldest first, so the personal workspace (created at sign-up) leads. */
export declare const byCreation: <T extends {
    readonly createdAt: number;
}>(a: T, b: T) => number;
