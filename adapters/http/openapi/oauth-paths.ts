import { MAX_CLIENT_NAME_LENGTH, MAX_REDIRECT_URI_LENGTH, MAX_REDIRECT_URIS, OAUTH_LIFETIMES } from "../../../domain/oauth.ts";
import { ref } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { list, object, text } from "./session-parts.ts";

/** OAuth for MCP clients (shared/contract.md); the routes live in ../oauth/, at the origin's root, not under /api/v1. */

const ERROR_CODES = ["invalid_request", "invalid_client", "invalid_grant", "unauthorized_client", "unsupported_grant_type", "invalid_scope",
  "server_error", "invalid_target", "invalid_redirect_uri", "invalid_client_metadata", "temporarily_unavailable"];
const url = (description: string) => text(MAX_REDIRECT_URI_LENGTH, { description });
const strings = (description: string) => ({ ...list(text(64), 16), description });
const token = (description: string) => text(512, { description });

/** The OAuth documents and messages. */
export function oauthSchemas(): Record<string, OpenApiSchema> {
  return {
    OAuthError: object(["error"], { error: { type: "string", enum: ERROR_CODES }, error_description: text(1000) }),
    ProtectedResourceMetadata: object(["resource", "authorization_servers", "bearer_methods_supported", "scopes_supported"], {
      resource: url("`<PUBLIC_URL>/mcp`: the resource indicator tokens are issued for."), authorization_servers: { ...list(url("PUBLIC_URL"), 1), description: "This deployment (PUBLIC_URL)." },
      bearer_methods_supported: list({ type: "string", enum: ["header"] }, 1), scopes_supported: strings("`tools`: every tool (the consent page narrows it)."), resource_name: text(100),
    }),
    AuthorizationServerMetadata: object(["issuer", "authorization_endpoint", "token_endpoint", "registration_endpoint", "revocation_endpoint", "response_types_supported",
      "grant_types_supported", "code_challenge_methods_supported", "token_endpoint_auth_methods_supported", "client_id_metadata_document_supported"], {
      issuer: url("PUBLIC_URL."), authorization_endpoint: url("`/oauth/authorize`."), token_endpoint: url("`/oauth/token`."), registration_endpoint: url("`/oauth/register`."),
      revocation_endpoint: url("`/oauth/revoke`."), response_types_supported: strings("`code`."), response_modes_supported: strings("`query`."),
      grant_types_supported: strings("`authorization_code`, `refresh_token`."), code_challenge_methods_supported: strings("`S256` only."),
      token_endpoint_auth_methods_supported: strings("`none`: public clients."), revocation_endpoint_auth_methods_supported: strings("`none`."),
      scopes_supported: strings("`tools`."), client_id_metadata_document_supported: { type: "boolean", enum: [true] },
    }),
    ClientMetadata: object(["redirect_uris"], {
      redirect_uris: { ...list(url("`https:`, or `http:` on 127.0.0.1, [::1] or localhost; matched exactly."), MAX_REDIRECT_URIS), minItems: 1 },
      client_name: text(MAX_CLIENT_NAME_LENGTH, { description: "What the consent page names it (its own claim)." }),
      token_endpoint_auth_method: { type: "string", enum: ["none"] }, grant_types: strings("Of `authorization_code`, `refresh_token`."),
      response_types: strings("`code`."), scope: text(1000), client_uri: url("Shown to nobody; kept as sent."),
    }),
    ClientRegistration: object(["client_id", "client_id_issued_at", "client_name", "redirect_uris", "grant_types", "response_types", "token_endpoint_auth_method"], {
      client_id: text(256), client_id_issued_at: { type: "integer", format: "int64", description: "Epoch seconds." }, client_name: text(MAX_CLIENT_NAME_LENGTH),
      redirect_uris: list(url("As registered."), MAX_REDIRECT_URIS), grant_types: strings("As registered."), response_types: strings("`code`."),
      token_endpoint_auth_method: { type: "string", enum: ["none"] },
    }),
    TokenRequest: object(["grant_type"], {
      grant_type: { type: "string", enum: ["authorization_code", "refresh_token"] }, code: token("authorization_code: the code of the redirect."),
      redirect_uri: url("authorization_code: the redirect URI of the authorization request."), code_verifier: text(128, { description: "authorization_code: the PKCE verifier (S256)." }),
      client_id: text(MAX_REDIRECT_URI_LENGTH), resource: url("`<PUBLIC_URL>/mcp` (RFC 8707); another: `invalid_target`."), refresh_token: token("refresh_token: the latest refresh token."),
      scope: text(1000),
    }),
    TokenAnswer: object(["access_token", "token_type", "expires_in", "refresh_token"], {
      access_token: token("Accepted only at /mcp, for its resource; REST answers it 401."), token_type: { type: "string", enum: ["Bearer"] },
      expires_in: { type: "integer", format: "int32", description: `Seconds: ${OAUTH_LIFETIMES.accessMs / 1000}.` },
      refresh_token: token(`Good for ${OAUTH_LIFETIMES.refreshMs / 86_400_000} days and one use: each refresh answers a new one, and a used one sent again ends the grant.`),
      scope: text(1000),
    }),
    RevocationRequest: object(["token"], { token: token("An access or refresh token; a refresh token ends its whole grant."), token_type_hint: { type: "string", enum: ["access_token", "refresh_token"] }, client_id: text(MAX_REDIRECT_URI_LENGTH) }),
  };
}

const json = (description: string, schema: unknown, headers: Record<string, unknown> = {}) => ({ description, headers: { ...REQUEST_ID, ...headers }, content: { "application/json": { schema } } });
const REQUEST_ID = { "X-Request-Id": ref("headers", "RequestId") };
const NO_STORE = { "Cache-Control": { description: "`no-store`.", schema: text(64) } };
const oauthError = (description: string) => json(description, ref("schemas", "OAuthError"), NO_STORE);
const html = (description: string) => ({ description, headers: REQUEST_ID, content: { "text/html": { schema: text(1_000_000) } } });
const failures = { "500": oauthError("`server_error`."), "503": oauthError("`temporarily_unavailable`: storage is unreachable.") };
const op = (operationId: string, summary: string, description: string, rest: Record<string, unknown>): Operation =>
  ({ operationId, tags: ["OAuth"], summary, description, security: [], ...rest });

/** The discovery documents and the authorization server's endpoints. */
export function oauthOperations(): Operation[] {
  const metadata = ref("schemas", "ProtectedResourceMetadata");
  const form = (schema: string) => ({ required: true, content: { "application/x-www-form-urlencoded": { schema: ref("schemas", schema) } } });
  const query = (name: string, description: string, schema: unknown, required = true) => ({ name, in: "query", required, description, schema });
  return [
    op("getProtectedResourceMetadata", "Protected resource metadata of /mcp", "RFC 9728: the resource `/mcp` and its authorization server. `/mcp` without a valid key or token answers 401 with `WWW-Authenticate: Bearer resource_metadata=\"<this URL>\"`.", {
      responses: { "200": json("The metadata.", metadata), ...failures },
    }),
    op("getRootProtectedResourceMetadata", "Protected resource metadata (root)", "The same document at the root, where clients look when the path-aware URL is not found.", { responses: { "200": json("The metadata.", metadata), ...failures } }),
    op("getAuthorizationServerMetadata", "Authorization server metadata", "RFC 8414.", { responses: { "200": json("The metadata.", ref("schemas", "AuthorizationServerMetadata")), ...failures } }),
    op("registerOAuthClient", "Register a client", "RFC 7591 dynamic registration of a public client. A `client_id` that is an `https:` URL (a Client ID Metadata Document) needs none.", {
      requestBody: { required: true, content: { "application/json": { schema: ref("schemas", "ClientMetadata") } } },
      responses: { "201": json("Registered.", ref("schemas", "ClientRegistration"), NO_STORE), "400": oauthError("`invalid_redirect_uri`, `invalid_client_metadata`."), ...failures },
    }),
    op("authorizeOAuthClient", "Authorize a client (the consent page)", "A browser page, not a JSON call. Without a session: 303 to sign-in and back. Signed in: the consent page (client, redirect host, workspace, tools); its Approve or Deny answers 303 to `redirect_uri` with `code` (one use, 60 s) and `state`, or `error=access_denied` and `state`.", {
      parameters: [
        query("response_type", "`code`.", { type: "string", enum: ["code"] }), query("client_id", "As registered, or a Client ID Metadata Document's URL.", text(MAX_REDIRECT_URI_LENGTH)),
        query("redirect_uri", "One of the client's, exactly.", url("The redirect URI.")), query("code_challenge", "PKCE (RFC 7636).", text(43)),
        query("code_challenge_method", "`S256` only.", { type: "string", enum: ["S256"] }), query("state", "Returned as sent.", text(1000), false),
        query("resource", "`<PUBLIC_URL>/mcp` (RFC 8707).", url("The resource.")), query("scope", "`tools`, `tools:<category>`, `tool:<id>`; space-separated.", text(1000), false),
      ],
      responses: {
        "200": html("The consent page."),
        "303": { description: "To sign-in, or to `redirect_uri` with an error (and `state`).", headers: { ...REQUEST_ID, Location: { description: "Where to.", schema: text(8192) } } },
        "400": html("The client or redirect URI cannot be trusted: an error page, never a redirect (RFC 6749 §4.1.2.1)."), "500": html("An error page."), "503": html("An error page."),
      },
    }),
    op("requestOAuthToken", "Exchange a code or a refresh token", "RFC 6749 §4.1.3 and §6, with PKCE and `resource`: an access token (1 h) and a rotated refresh token (30 days).", {
      requestBody: form("TokenRequest"),
      responses: { "200": json("The tokens.", ref("schemas", "TokenAnswer"), NO_STORE), "400": oauthError("RFC 6749 §5.2: `invalid_grant`, `invalid_request`, `invalid_client` (an unknown client), `invalid_target`, `unsupported_grant_type`."), ...failures },
    }),
    op("revokeOAuthToken", "Revoke a token", "RFC 7009: 200 whether or not the token was known.", {
      requestBody: form("RevocationRequest"),
      responses: { "200": { description: "Revoked (or never known).", headers: REQUEST_ID }, "400": oauthError("`invalid_request`; `invalid_client` for a token issued to another client."), ...failures },
    }),
  ];
}
