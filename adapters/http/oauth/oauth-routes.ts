import type { H3Event } from "h3";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import type { RouteSpec } from "../session/session-deps.ts";
import { AUTHORIZE_RETURN_PATH, authorizeHandlers } from "./authorize-handlers.ts";
import { preflight } from "./oauth-answers.ts";
import { type OAuthEndpointDeps, oauthEndpoints } from "./oauth-endpoints.ts";
import { MCP_PATH, OAUTH_PATHS } from "./oauth-metadata.ts";

/**
 * The OAuth routes (shared/contract.md "OAuth for MCP clients"). Those the OpenAPI document covers are declared in
 * the route list (adapters/http/route-list.ts) and answered by `handlers`; the consent form's POST and the way back
 * from sign-in are dashboard routes (`routes`), undocumented like the dashboard's other forms.
 */
export function oauthRoutes(deps: SessionRouteDeps & OAuthEndpointDeps) {
  const endpoints = oauthEndpoints(deps);
  const authorize = authorizeHandlers(deps);
  return {
    handlers: {
      getProtectedResourceMetadata: endpoints.protectedResource,
      getRootProtectedResourceMetadata: endpoints.protectedResource,
      getAuthorizationServerMetadata: endpoints.authorizationServer,
      registerOAuthClient: endpoints.register,
      authorizeOAuthClient: authorize.page,
      requestOAuthToken: endpoints.token,
      revokeOAuthToken: endpoints.revoke,
    } satisfies Record<string, RouteSpec[2]>,
    routes: [
      ["POST", OAUTH_PATHS.authorize, authorize.decide],
      ["GET", AUTHORIZE_RETURN_PATH, authorize.returnFromSignIn],
    ] satisfies RouteSpec[],
    /** CORS preflights: every endpoint but the authorize page, which only this site's pages may drive. */
    preflights: [
      [`${OAUTH_PATHS.protectedResource}${MCP_PATH}`, ["GET"]],
      [OAUTH_PATHS.protectedResource, ["GET"]],
      [OAUTH_PATHS.authorizationServer, ["GET"]],
      [OAUTH_PATHS.register, ["POST"]],
      [OAUTH_PATHS.token, ["POST"]],
      [OAUTH_PATHS.revoke, ["POST"]],
    ].map(([path, methods]) => [path as string, async (_event: H3Event) => preflight(methods as string[])] as const),
  };
}
