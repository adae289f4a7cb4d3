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
export declare const ROUTES: readonly [{
    readonly method: "POST";
    readonly path: "/api/v1/execute/:tool";
    readonly auth: "key";
    readonly operationId: "executeTool";
}, {
    readonly method: "POST";
    readonly path: "/api/v1/tools/:slug/execute";
    readonly auth: "key";
    readonly operationId: "executeToolBySlug";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/tools";
    readonly auth: "public";
    readonly operationId: "listTools";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/tools/:slug";
    readonly auth: "public";
    readonly operationId: "getTool";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/keys/current";
    readonly auth: "key";
    readonly operationId: "getCurrentKey";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/health";
    readonly auth: "public";
    readonly operationId: "getHealth";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/openapi.json";
    readonly auth: "public";
    readonly operationId: "getOpenApiDocument";
}, {
    readonly method: "POST";
    readonly path: "/api/v1/auth/sign-up";
    readonly auth: "public";
    readonly operationId: "signUp";
}, {
    readonly method: "POST";
    readonly path: "/api/v1/auth/sign-in";
    readonly auth: "public";
    readonly operationId: "signIn";
}, {
    readonly method: "POST";
    readonly path: "/api/v1/auth/sign-out";
    readonly auth: "session";
    readonly operationId: "signOut";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/auth/session";
    readonly auth: "session";
    readonly operationId: "getSession";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/workspaces";
    readonly auth: "session";
    readonly operationId: "listWorkspaces";
}, {
    readonly method: "POST";
    readonly path: "/api/v1/workspaces";
    readonly auth: "session";
    readonly operationId: "createWorkspace";
}, {
    readonly method: "PATCH";
    readonly path: "/api/v1/workspaces/:id";
    readonly auth: "session";
    readonly operationId: "renameWorkspace";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/workspaces/:id/members";
    readonly auth: "session";
    readonly operationId: "listMembers";
}, {
    readonly method: "GET";
    readonly path: "/api/v1/workspaces/:id/keys";
    readonly auth: "session";
    readonly operationId: "listWorkspaceKeys";
}, {
    readonly method: "POST";
    readonly path: "/api/v1/workspaces/:id/keys/:keyId/revoke";
    readonly auth: "session";
    readonly operationId: "revokeWorkspaceKey";
}];
/** The operation id of a declared route: the key of its handler in createApp and of its operation in the document. */
export type OperationId = (typeof ROUTES)[number]["operationId"];
/** The OpenAPI path of a route: `/api/v1/workspaces/:id` → `/workspaces/{id}` (the document's server is /api/v1). */
export declare function toOpenApiPath(path: string): string;
