import { authRoutes } from "./auth-routes.js";
import { workspaceRoutes } from "./workspace-routes.js";
/** The session API of the contract: what the dashboard does, as JSON. */
export function sessionApiRoutes(deps) {
    const auth = authRoutes(deps);
    const workspaces = workspaceRoutes(deps);
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
    ];
}
