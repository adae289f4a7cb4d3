// The discovery documents of shared/contract.md "OAuth for MCP clients", as the MCP SDK's client looks them up
// (client/auth.js: the path-aware RFC 9728 URL first, then the root one; RFC 8414 at the issuer's root).
import { SCOPE_ALL_TOOLS } from "../../../domain/oauth-scope.ts";


/** The paths of the authorization server's endpoints, relative to PUBLIC_URL. */
export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
  protectedResource: "/.well-known/oauth-protected-resource",
  authorizationServer: "/.well-known/oauth-authorization-server",
} as const;

/** The path the MCP endpoint is served at: the protected resource. */
export const MCP_PATH = "/mcp";

/** The resource indicator (RFC 8707) tokens are issued for and checked against: `<PUBLIC_URL>/mcp`. */
export const mcpResourceOf = (publicUrl: string): string => `${trimSlash(publicUrl)}${MCP_PATH}`;

/** Where /mcp's 401 points (`WWW-Authenticate: Bearer resource_metadata="…"`): RFC 9728 §3.1's path-aware URL. */
export const resourceMetadataUrlOf = (publicUrl: string): string => `${trimSlash(publicUrl)}${OAUTH_PATHS.protectedResource}${MCP_PATH}`;

/** RFC 9728 §2: the protected resource /mcp and the one authorization server that issues its tokens (this one). */
export function protectedResourceMetadata(publicUrl: string): Record<string, unknown> {
  const origin = trimSlash(publicUrl);
  return {
    resource: mcpResourceOf(origin),
    authorization_servers: [origin],
    bearer_methods_supported: ["header"],
    scopes_supported: OAUTH_SCOPES,
    resource_name: "Tool API (MCP)",
  };
}

/** RFC 8414 §2, with `client_id_metadata_document_supported` (the MCP specification's Client ID Metadata Documents). */
export function authorizationServerMetadata(publicUrl: string): Record<string, unknown> {
  const origin = trimSlash(publicUrl);
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${origin}${OAUTH_PATHS.token}`,
    registration_endpoint: `${origin}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${origin}${OAUTH_PATHS.revoke}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: OAUTH_SCOPES,
    client_id_metadata_document_supported: true,
  };
}

/**
 * The scopes advertised: `tools`, every tool (domain/oauth-scope.ts also reads `tools:<category>` and `tool:<id>`).
 * The person narrows it on the consent page; MCP clients ask for what is advertised.
 */
const OAUTH_SCOPES: readonly string[] = [SCOPE_ALL_TOOLS];

// PUBLIC_URL is an origin; a trailing slash would make every URL above differ from the one the SDK compares it with.
const trimSlash = (url: string): string => url.replace(/\/+$/, "");
