import { accountRoutes } from "./account-routes.ts";
import { authRoutes } from "./auth-routes.ts";
import type { RouteSpec, SessionRouteDeps } from "./session-deps.ts";
import { keyChangeRoutes } from "./key-change-routes.ts";
import { memberHandlers } from "./member-routes.ts";
import { passkeyRoutes } from "./passkey-routes.ts";
import { totpRoutes } from "./totp-routes.ts";
import { resetRoutes } from "./reset-routes.ts";
import { workspaceRoutes } from "./workspace-routes.ts";

// Declared in session-deps.ts so the route files this one gathers can use it without importing this file back.
export type { RouteSpec } from "./session-deps.ts";

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
    ...passkeyRoutes(deps),
    ...totpRoutes(deps),
    ...resetRoutes(deps),
    ...accountRoutes(deps),
  } satisfies Record<string, RouteSpec[2]>;
}
