/** Who may call a route. */
export type RouteAuth = "key" | "session" | "public";

/** One route of the API (/api/v1, and OAuth's own paths at the root), declared once: it registers the h3 route and places its OpenAPI operation. */
export interface RouteDecl {
  readonly method: "GET" | "POST" | "PATCH" | "DELETE";
  /** h3 syntax (`:param`); the OpenAPI path is derived from it. */
  readonly path: string;
  readonly auth: RouteAuth;
  /** The OpenAPI operation (adapters/http/openapi/*) and the handler (createApp) of this route. */
  readonly operationId: string;
}

/**
 * Every documented route the reference server serves, in document order: /api/v1, then the OAuth discovery documents
 * and endpoints, which RFC 8414, RFC 9728 and MCP clients look for at the origin's root.
 */
export const ROUTES = [
  { method: "POST", path: "/api/v1/execute/:tool", auth: "key", operationId: "executeTool" },
  { method: "POST", path: "/api/v1/tools/:slug/execute", auth: "key", operationId: "executeToolBySlug" },
  { method: "GET", path: "/api/v1/tools", auth: "public", operationId: "listTools" },
  { method: "GET", path: "/api/v1/tools/:slug", auth: "public", operationId: "getTool" },
  { method: "GET", path: "/api/v1/keys/current", auth: "key", operationId: "getCurrentKey" },
  { method: "GET", path: "/api/v1/keys/current/tools", auth: "key", operationId: "listCurrentKeyTools" },
  { method: "GET", path: "/api/v1/usage", auth: "key", operationId: "getUsage" },
  { method: "GET", path: "/api/v1/health", auth: "public", operationId: "getHealth" },
  { method: "GET", path: "/api/v1/health/live", auth: "public", operationId: "getLiveness" },
  { method: "GET", path: "/api/v1/openapi.json", auth: "public", operationId: "getOpenApiDocument" },
  { method: "GET", path: "/api/v1/marketplace/packs", auth: "public", operationId: "listPacks" },
  { method: "GET", path: "/api/v1/marketplace/packs/:id", auth: "public", operationId: "getPack" },
  { method: "POST", path: "/api/v1/auth/sign-up", auth: "public", operationId: "signUp" },
  { method: "POST", path: "/api/v1/auth/sign-in", auth: "public", operationId: "signIn" },
  { method: "POST", path: "/api/v1/auth/sign-out", auth: "session", operationId: "signOut" },
  { method: "GET", path: "/api/v1/auth/session", auth: "session", operationId: "getSession" },
  { method: "POST", path: "/api/v1/auth/password-reset", auth: "public", operationId: "requestPasswordReset" },
  { method: "POST", path: "/api/v1/auth/password-reset/confirm", auth: "public", operationId: "confirmPasswordReset" },
  { method: "POST", path: "/api/v1/auth/email-verification", auth: "session", operationId: "sendEmailVerification" },
  { method: "POST", path: "/api/v1/auth/email-verification/confirm", auth: "public", operationId: "confirmEmailVerification" },
  { method: "POST", path: "/api/v1/auth/totp", auth: "session", operationId: "startTotpSetup" },
  { method: "POST", path: "/api/v1/auth/totp/enable", auth: "session", operationId: "enableTotp" },
  { method: "DELETE", path: "/api/v1/auth/totp", auth: "session", operationId: "disableTotp" },
  { method: "POST", path: "/api/v1/auth/sign-in/totp", auth: "public", operationId: "signInWithTotp" },
  { method: "POST", path: "/api/v1/auth/passkeys/registration-options", auth: "session", operationId: "passkeyRegistrationOptions" },
  { method: "POST", path: "/api/v1/auth/passkeys", auth: "session", operationId: "addPasskey" },
  { method: "GET", path: "/api/v1/auth/passkeys", auth: "session", operationId: "listPasskeys" },
  { method: "DELETE", path: "/api/v1/auth/passkeys/:id", auth: "session", operationId: "removePasskey" },
  { method: "POST", path: "/api/v1/auth/passkeys/authentication-options", auth: "public", operationId: "passkeyAuthenticationOptions" },
  { method: "POST", path: "/api/v1/auth/sign-in/passkey", auth: "public", operationId: "signInWithPasskey" },
  { method: "POST", path: "/api/v1/auth/password", auth: "session", operationId: "changePassword" },
  { method: "GET", path: "/api/v1/auth/sessions", auth: "session", operationId: "listAccountSessions" },
  { method: "DELETE", path: "/api/v1/auth/sessions", auth: "session", operationId: "endOtherSessions" },
  { method: "DELETE", path: "/api/v1/auth/sessions/:id", auth: "session", operationId: "endAccountSession" },
  { method: "DELETE", path: "/api/v1/auth/account", auth: "session", operationId: "deleteAccount" },
  { method: "GET", path: "/api/v1/workspaces", auth: "session", operationId: "listWorkspaces" },
  { method: "POST", path: "/api/v1/workspaces", auth: "session", operationId: "createWorkspace" },
  { method: "PATCH", path: "/api/v1/workspaces/:id", auth: "session", operationId: "renameWorkspace" },
  { method: "GET", path: "/api/v1/workspaces/:id/members", auth: "session", operationId: "listMembers" },
  { method: "PATCH", path: "/api/v1/workspaces/:id/members/:accountId", auth: "session", operationId: "changeMemberRole" },
  { method: "DELETE", path: "/api/v1/workspaces/:id/members/:accountId", auth: "session", operationId: "removeMember" },
  { method: "POST", path: "/api/v1/workspaces/:id/invitations", auth: "session", operationId: "createInvitation" },
  { method: "GET", path: "/api/v1/workspaces/:id/invitations", auth: "session", operationId: "listInvitations" },
  { method: "DELETE", path: "/api/v1/workspaces/:id/invitations/:invitationId", auth: "session", operationId: "revokeInvitation" },
  { method: "POST", path: "/api/v1/invitations/accept", auth: "session", operationId: "acceptInvitation" },
  { method: "GET", path: "/api/v1/workspaces/:id/keys", auth: "session", operationId: "listWorkspaceKeys" },
  { method: "POST", path: "/api/v1/workspaces/:id/keys/:keyId/revoke", auth: "session", operationId: "revokeWorkspaceKey" },
  { method: "POST", path: "/api/v1/workspaces/:id/keys/:keyId/rotate", auth: "session", operationId: "rotateWorkspaceKey" },
  { method: "PATCH", path: "/api/v1/workspaces/:id/keys/:keyId", auth: "session", operationId: "updateWorkspaceKey" },
  { method: "GET", path: "/api/v1/workspaces/:id/audit", auth: "session", operationId: "listWorkspaceAudit" },
  { method: "GET", path: "/api/v1/workspaces/:id/usage", auth: "session", operationId: "getWorkspaceUsage" },
  { method: "GET", path: "/api/v1/workspaces/:id/packs", auth: "session", operationId: "listWorkspacePacks" },
  { method: "POST", path: "/api/v1/workspaces/:id/packs/:packId", auth: "session", operationId: "enableWorkspacePack" },
  { method: "DELETE", path: "/api/v1/workspaces/:id/packs/:packId", auth: "session", operationId: "disableWorkspacePack" },
  { method: "POST", path: "/api/v1/workspaces/:id/webhooks", auth: "session", operationId: "createWebhook" },
  { method: "GET", path: "/api/v1/workspaces/:id/webhooks", auth: "session", operationId: "listWebhooks" },
  { method: "PATCH", path: "/api/v1/workspaces/:id/webhooks/:webhookId", auth: "session", operationId: "updateWebhook" },
  { method: "DELETE", path: "/api/v1/workspaces/:id/webhooks/:webhookId", auth: "session", operationId: "deleteWebhook" },
  { method: "POST", path: "/api/v1/workspaces/:id/webhooks/:webhookId/rotate-secret", auth: "session", operationId: "rotateWebhookSecret" },
  { method: "POST", path: "/api/v1/workspaces/:id/webhooks/:webhookId/test", auth: "session", operationId: "testWebhook" },
  { method: "GET", path: "/api/v1/workspaces/:id/webhooks/:webhookId/deliveries", auth: "session", operationId: "listWebhookDeliveries" },
  { method: "POST", path: "/api/v1/workspaces/:id/webhooks/:webhookId/deliveries/:deliveryId/redeliver", auth: "session", operationId: "redeliverWebhookDelivery" },
  { method: "GET", path: "/.well-known/oauth-protected-resource/mcp", auth: "public", operationId: "getProtectedResourceMetadata" },
  { method: "GET", path: "/.well-known/oauth-protected-resource", auth: "public", operationId: "getRootProtectedResourceMetadata" },
  { method: "GET", path: "/.well-known/oauth-authorization-server", auth: "public", operationId: "getAuthorizationServerMetadata" },
  { method: "POST", path: "/oauth/register", auth: "public", operationId: "registerOAuthClient" },
  { method: "GET", path: "/oauth/authorize", auth: "public", operationId: "authorizeOAuthClient" },
  { method: "POST", path: "/oauth/token", auth: "public", operationId: "requestOAuthToken" },
  { method: "POST", path: "/oauth/revoke", auth: "public", operationId: "revokeOAuthToken" },
] as const satisfies readonly RouteDecl[];

/** Whether a route lives outside /api/v1 (OAuth's), so its path item overrides the document's server. */
export const isRootRoute = (path: string): boolean => !path.startsWith("/api/v1/");

/** The operation id of a declared route: the key of its handler in createApp and of its operation in the document. */
export type OperationId = (typeof ROUTES)[number]["operationId"];

/**
 * The OpenAPI path of a route: `/api/v1/workspaces/:id` → `/workspaces/{id}` (the document's server is /api/v1); a
 * root route keeps its path (its path item names the root server).
 */
export function toOpenApiPath(path: string): string {
  return toRouteTemplate(path.replace(/^\/api\/v1/, ""));
}

/** A route's template as metrics and documents name it: `/api/v1/execute/:tool` → `/api/v1/execute/{tool}`. */
export function toRouteTemplate(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}
