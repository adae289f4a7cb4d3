import { err, ok } from "./result.js";
/** What a member may do: owners and admins manage the workspace itself; every member manages its keys. */
export const ROLES = ["owner", "admin", "member"];
export const MAX_WORKSPACE_NAME_LENGTH = 64;
export const PERSONAL_WORKSPACE_NAME = "Personal";
export const toWorkspaceView = (workspace) => ({
    id: workspace.id,
    name: workspace.name,
    personal: workspace.personal,
    createdAt: new Date(workspace.createdAt).toISOString(),
});
export function isAllowed(role, action) {
    if (action === "rename")
        return role === "owner" || role === "admin";
    return true;
}
/** A trimmed name of 1 to 64 characters, or the problem with it. */
export function checkWorkspaceName(raw) {
    const name = typeof raw === "string" ? raw.trim() : "";
    const length = [...name].length;
    if (length < 1 || length > MAX_WORKSPACE_NAME_LENGTH) {
        return err({ path: "/name", message: `must be 1 to ${MAX_WORKSPACE_NAME_LENGTH} characters` });
    }
    return ok(name);
}
/** Oldest first, so the personal workspace (created at sign-up) leads. */
export const byCreation = (a, b) => a.createdAt - b.createdAt;
