import { extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { initializeMessage, postMcp } from "../../mcp/testing/mcp-fixtures.ts";
import { discover, INSECURE } from "./testing/oauth-client.ts";
import { useOAuthTestServer } from "./testing/oauth-test-server.ts";

const server = useOAuthTestServer();
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.current.url}${path}`, { headers, redirect: "manual" });

describe("discovery (RFC 9728, RFC 8414) as shared/contract.md's table has it", () => {
  it("serves /mcp's protected-resource metadata at the path-aware URL and at the root, as oauth4webapi reads it", async () => {
    const { url } = server.current;
    const expected = { resource: `${url}/mcp`, authorization_servers: [url], bearer_methods_supported: ["header"], scopes_supported: ["tools"] };
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toMatchObject(expected);
    }
    const read = await oauth.processResourceDiscoveryResponse(new URL(`${url}/mcp`), await oauth.resourceDiscoveryRequest(new URL(`${url}/mcp`), INSECURE));
    expect(read.authorization_servers).toEqual([url]);
  });

  it("serves the authorization server's metadata with every endpoint and capability the contract names", async () => {
    const { url } = server.current;
    const as = await discover(url);
    expect(as).toMatchObject({
      issuer: url, authorization_endpoint: `${url}/oauth/authorize`, token_endpoint: `${url}/oauth/token`, registration_endpoint: `${url}/oauth/register`,
      revocation_endpoint: `${url}/oauth/revoke`, response_types_supported: ["code"], grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"], token_endpoint_auth_methods_supported: ["none"], client_id_metadata_document_supported: true,
    });
  });

  it("lets browser-based clients call discovery, registration, token and revocation from any origin, but not the authorize page", async () => {
    for (const path of ["/.well-known/oauth-authorization-server", "/oauth/register", "/oauth/token", "/oauth/revoke"]) {
      const preflight = await fetch(`${server.current.url}${path}`, { method: "OPTIONS", headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type, mcp-protocol-version" } });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
      expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("mcp-protocol-version");
    }
    const token = await fetch(`${server.current.url}/oauth/token`, { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token" }) });
    expect(token.headers.get("access-control-allow-origin")).toBe("*");
    expect(token.headers.get("access-control-allow-credentials")).toBeNull();
    expect((await get("/oauth/authorize")).headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("/mcp's 401", () => {
  it("names the resource metadata in WWW-Authenticate, with one identical body for no credentials, a bad key and an unknown token", async () => {
    const { url } = server.current;
    const credentials: Record<string, string>[] = [{}, { "x-api-key": "tk_dev_not-a-key" }, { authorization: `Bearer mcp_at_${"A".repeat(43)}` }];
    const answers = await Promise.all(credentials.map((headers) => postMcp(url, initializeMessage, headers)));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${url}/.well-known/oauth-protected-resource/mcp"`);
      // The SDK's own reader finds the URL it will fetch.
      expect(extractWWWAuthenticateParams(answer).resourceMetadataUrl?.href).toBe(`${url}/.well-known/oauth-protected-resource/mcp`);
    }
    expect(new Set(bodies).size).toBe(1);
  });
});
