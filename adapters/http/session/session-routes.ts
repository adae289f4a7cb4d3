import type { H3Event } from "h3";
import { authRoutes } from "./auth-routes.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { keyChangeRoutes } from "./key-change-routes.ts";
import { workspaceRoutes } from "./workspace-routes.ts";

/** One route: method, path and handler, registered by createApp's `route()`. */
export type RouteSpec = readonly ["GET" | "POST" | "PATCH" | "DELETE", string, (event: H3Event) => Promise<Response>];

/** The session API of the contract: what the dashboard does, as JSON. */
export function sessionApiRoutes(deps: SessionRouteDeps): readonly RouteSpec[] {
  const auth = authRoutes(deps);
  const workspaces = workspaceRoutes(deps);
  const keyChanges = keyChangeRoutes(deps);
  return [
    ["POST", "/api/v1/auth/sign-up", auth.signUp],
    ["POST", "/api/v1/auth/sign-in", auth.signIn],
    ["POST", "/api/v1/auth/sign-out", auth.signOut],
    ["GET", "/api/v1/auth/session", auth.session],
    ["GET", "/api/v1/workspaces", workspaces.list],
    ["POST", "/api/v1/workspaces", workspaces.create],
    ["PATCH", "/api/v1/workspaces/:id", workspaces.rename],
    ["GET", "/api/v1/workspaces/:id/members", workspaces.members],
    ["GET", "/api/v1/workspaces/:id/keys", workspaces.keys],
    ["POST", "/api/v1/workspaces/:id/keys/:keyId/revoke", workspaces.revokeKey],
    ["POST", "/api/v1/workspaces/:id/keys/:keyId/rotate", keyChanges.rotate],
    ["PATCH", "/api/v1/workspaces/:id/keys/:keyId", keyChanges.update],
    ["GET", "/api/v1/workspaces/:id/audit", keyChanges.audit],
  ];
}
