import { authRoutes } from "./auth-routes.js";
import { workspaceRoutes } from "./workspace-routes.js";
/** The session API's handlers, by the operation id of their route in the route list (adapters/http/route-list.ts). */
export function sessionApiHandlers(deps) {
    const auth = authRoutes(deps);
    const workspaces = workspaceRoutes(deps);
    return {
        signUp: auth.signUp,
        signIn: auth.signIn,
        signOut: auth.signOut,
        getSession: auth.session,
        listWorkspaces: workspaces.list,
        createWorkspace: workspaces.create,
        renameWorkspace: workspaces.rename,
        listMembers: workspaces.members,
        listWorkspaceKeys: workspaces.keys,
        revokeWorkspaceKey: workspaces.revokeKey,
    };
}
