import type { H3Event } from "h3";
import { authRoutes } from "./auth-routes.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { keyChangeRoutes } from "./key-change-routes.ts";
import { memberHandlers } from "./member-routes.ts";
import { workspaceRoutes } from "./workspace-routes.ts";

/** One route: method, path and handler, registered by createApp's `route()`. */
export type RouteSpec = readonly ["GET" | "POST" | "PATCH" | "DELETE", string, (event: H3Event) => unknown];

/** The session API's handlers, by the operation id of their route in the route list (adapters/http/route-list.ts). */
export function sessionApiHandlers(deps: SessionRouteDeps) {
  const auth = authRoutes(deps);
  const workspaces = workspaceRoutes(deps);
  const keyChanges = keyChangeRoutes(deps);
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
    rotateWorkspaceKey: keyChanges.rotate,
    updateWorkspaceKey: keyChanges.update,
    listWorkspaceAudit: workspaces.audit,
    ...memberHandlers(deps),
  } satisfies Record<string, RouteSpec[2]>;
}
