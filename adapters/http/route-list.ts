/** Who may call a route. */
export type RouteAuth = "key" | "session" | "public";

/** One route of /api/v1, declared once: it registers the h3 route and places its OpenAPI operation. */
export interface RouteDecl {
  readonly method: "GET" | "POST" | "PATCH" | "DELETE";
  /** h3 syntax (`:param`); the OpenAPI path is derived from it. */
  readonly path: string;
  readonly auth: RouteAuth;
  /** The OpenAPI operation (adapters/http/openapi/*) and the handler (createApp) of this route. */
  readonly operationId: string;
}

/** Every /api/v1 route the reference server serves, in document order. */
export const ROUTES = [
  { method: "POST", path: "/api/v1/execute/:tool", auth: "key", operationId: "executeTool" },
  { method: "POST", path: "/api/v1/tools/:slug/execute", auth: "key", operationId: "executeToolBySlug" },
  { method: "GET", path: "/api/v1/tools", auth: "public", operationId: "listTools" },
  { method: "GET", path: "/api/v1/tools/:slug", auth: "public", operationId: "getTool" },
  { method: "GET", path: "/api/v1/keys/current", auth: "key", operationId: "getCurrentKey" },
  { method: "GET", path: "/api/v1/usage", auth: "key", operationId: "getUsage" },
  { method: "GET", path: "/api/v1/health", auth: "public", operationId: "getHealth" },
  { method: "GET", path: "/api/v1/openapi.json", auth: "public", operationId: "getOpenApiDocument" },
  { method: "GET", path: "/api/v1/marketplace/packs", auth: "public", operationId: "listPacks" },
  { method: "GET", path: "/api/v1/marketplace/packs/:id", auth: "public", operationId: "getPack" },
  { method: "POST", path: "/api/v1/auth/sign-up", auth: "public", operationId: "signUp" },
  { method: "POST", path: "/api/v1/auth/sign-in", auth: "public", operationId: "signIn" },
  { method: "POST", path: "/api/v1/auth/sign-out", auth: "session", operationId: "signOut" },
  { method: "GET", path: "/api/v1/auth/session", auth: "session", operationId: "getSession" },
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
] as const satisfies readonly RouteDecl[];

/** The operation id of a declared route: the key of its handler in createApp and of its operation in the document. */
export type OperationId = (typeof ROUTES)[number]["operationId"];

/** The OpenAPI path of a route: `/api/v1/workspaces/:id` → `/workspaces/{id}` (the document's server is /api/v1). */
export function toOpenApiPath(path: string): string {
  return toRouteTemplate(path.replace(/^\/api\/v1/, ""));
}

/** A route's template as metrics and documents name it: `/api/v1/execute/:tool` → `/api/v1/execute/{tool}`. */
export function toRouteTemplate(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}
