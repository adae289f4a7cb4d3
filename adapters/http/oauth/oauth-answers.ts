import type { OAuthError } from "../../../application/oauth-use-cases.ts";

/**
 * Browser-based MCP clients call discovery, registration, token and revocation from another origin; nothing there
 * reads a cookie, so any origin may, without credentials. The authorize page is never shared this way.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
};

/** The answer to a CORS preflight on one of those endpoints: 204, the methods and headers a client may use. */
export function preflight(methods: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "access-control-allow-methods": [...methods, "OPTIONS"].join(", "),
      // The SDK's client sends MCP-Protocol-Version with its discovery requests.
      "access-control-allow-headers": "Authorization, Content-Type, MCP-Protocol-Version",
      "access-control-max-age": "86400",
    },
  });
}

/** A JSON answer of an OAuth endpoint; tokens and credentials are never cached (RFC 6749 §5.1, RFC 7591 §3.2.1). */
export function oauthJson(body: unknown, status = 200, extra: Readonly<Record<string, string>> = {}): Response {
  const headers = { "content-type": "application/json", "cache-control": "no-store", pragma: "no-cache", ...CORS_HEADERS, ...extra };
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * An RFC 6749 §5.2 error, 400, `invalid_client` included: §5.2 asks for 401 only when the client authenticated with
 * the Authorization header, and every client here is public (`token_endpoint_auth_method` `none`; registration refuses
 * any other), so none ever does.
 */
export function oauthError(error: OAuthError): Response {
  return oauthJson({ error: error.error, error_description: error.description }, 400);
}

/** A public JSON document (the discovery metadata): cacheable for a while, readable from any origin. */
export function publicJson(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", "cache-control": "public, max-age=300", ...CORS_HEADERS } });
}
