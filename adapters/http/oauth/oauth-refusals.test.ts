import * as oauth from "oauth4webapi";
import { beforeAll, describe, expect, it } from "vitest";
import { callMessage, postMcp } from "../../mcp/testing/mcp-fixtures.ts";
import {
  answerConsent, type AuthorizationRequest, authorizationRequest, discover, exchange, INSECURE, type Person, registerClient, signUpAt,
} from "./testing/oauth-client.ts";
import { useOAuthTestServer } from "./testing/oauth-test-server.ts";

// oauth4webapi 3.8.8 is the independent client: every request and every answer below goes through its checks.
const server = useOAuthTestServer();
const REDIRECT = "http://127.0.0.1:9/callback";
let as: oauth.AuthorizationServer;
let client: oauth.Client;
let person: Person;

beforeAll(async () => {
  as = await discover(server.current.url);
  client = await registerClient(as, REDIRECT);
  person = await signUpAt(server.current.url, "refusals@example.test");
});

/** An approved authorization: the request and the redirect that carries its code. */
async function approved(): Promise<{ request: AuthorizationRequest; redirect: URL }> {
  const request = await authorizationRequest(as, client, REDIRECT);
  return { request, redirect: await answerConsent(request, person, { decision: "approve" }) };
}

/** The OAuth error code an oauth4webapi call was refused with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (thrown: unknown) => thrown);
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) return error.error;
  throw new Error(`expected an OAuth refusal, got ${String(error)}`);
}

const hashCall = callMessage("hash-text", { algorithm: "md5", text: "" });
const mcpStatus = async (accessToken: string) => (await postMcp(server.current.url, hashCall, { authorization: `Bearer ${accessToken}` })).status;

describe("the token endpoint's refusals (RFC 6749 §5.2, RFC 7636, RFC 8707)", () => {
  it("answers invalid_grant to a wrong PKCE verifier, and the code is spent", async () => {
    const { request, redirect } = await approved();
    expect(await refusal(exchange(as, client, request, redirect, { verifier: oauth.generateRandomCodeVerifier() }))).toBe("invalid_grant");
    expect(await refusal(exchange(as, client, request, redirect))).toBe("invalid_grant");
  });

  it("answers invalid_grant to a code used twice, and ends the tokens the first use gave", async () => {
    const { request, redirect } = await approved();
    const tokens = await exchange(as, client, request, redirect);
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    expect(await refusal(exchange(as, client, request, redirect))).toBe("invalid_grant");
    expect(await mcpStatus(tokens.access_token)).toBe(401);
  });

  it("answers invalid_grant when redirect_uri differs from the authorization request's", async () => {
    const { request, redirect } = await approved();
    expect(await refusal(exchange(as, client, request, redirect, { redirectUri: "http://127.0.0.1:9/other" }))).toBe("invalid_grant");
  });

  it("answers invalid_target to another resource", async () => {
    const { request, redirect } = await approved();
    expect(await refusal(exchange(as, client, request, redirect, { resource: "https://elsewhere.example/mcp" }))).toBe("invalid_target");
  });

  it("answers invalid_grant to a code exchanged after its 60 seconds", async () => {
    const { request, redirect } = await approved();
    server.current.clock.advance(60_001);
    expect(await refusal(exchange(as, client, request, redirect))).toBe("invalid_grant");
  });

  it("ends the grant when a rotated refresh token comes back: the access tokens from before are refused at /mcp", async () => {
    const { request, redirect } = await approved();
    const first = await exchange(as, client, request, redirect);
    const refresh = () => oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token as string, { additionalParameters: { resource: `${as.issuer}/mcp` }, ...INSECURE });
    const second = await oauth.processRefreshTokenResponse(as, client, await refresh());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await mcpStatus(second.access_token)).toBe(200);
    expect(await refusal(oauth.processRefreshTokenResponse(as, client, await refresh()))).toBe("invalid_grant");
    expect(await mcpStatus(second.access_token)).toBe(401);
    expect(await mcpStatus(first.access_token)).toBe(401);
  });

  it("answers no-store JSON, and 400 unsupported_grant_type to a grant it does not serve", async () => {
    const response = await fetch(`${server.current.url}/oauth/token`, { method: "POST", body: new URLSearchParams({ grant_type: "password", client_id: client.client_id }) });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ error: "unsupported_grant_type" });
  });

  it("answers 400 invalid_client to an unknown client, and to a revocation by a client the token was not issued to", async () => {
    const unknown = await fetch(`${server.current.url}/oauth/token`, { method: "POST", body: new URLSearchParams({ grant_type: "authorization_code", code: "x", redirect_uri: REDIRECT, code_verifier: "v".repeat(43), client_id: "client_unknown" }) });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: "invalid_client" });
    const { request, redirect } = await approved();
    const tokens = await exchange(as, client, request, redirect);
    const other = await registerClient(as, REDIRECT);
    const revoked = await fetch(`${server.current.url}/oauth/revoke`, { method: "POST", body: new URLSearchParams({ token: tokens.access_token, client_id: other.client_id }) });
    expect(revoked.status).toBe(400);
    expect(await revoked.json()).toMatchObject({ error: "invalid_client" });
  });
});

describe("registration and authorization refusals", () => {
  it("refuses to register an http: redirect URI that is not loopback", async () => {
    const response = await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: ["http://client.example/callback"], token_endpoint_auth_method: "none" }, INSECURE);
    expect(response.status).toBe(400);
    expect(await refusal(oauth.processDynamicClientRegistrationResponse(response))).toBe("invalid_redirect_uri");
  });

  it("sends the browser back with invalid_target and the state when the resource is not /mcp", async () => {
    const request = await authorizationRequest(as, client, REDIRECT, { resource: "https://elsewhere.example/mcp" });
    const answer = await fetch(request.url, { headers: { cookie: person.cookie }, redirect: "manual" });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe(request.state);
    expect(await refusal(Promise.resolve().then(() => oauth.validateAuthResponse(as, client, location, request.state)))).toBe("invalid_target");
  });

  it("never redirects to a redirect URI the client did not register: an error page instead", async () => {
    const request = await authorizationRequest(as, client, REDIRECT, { redirect_uri: "http://127.0.0.1:9/elsewhere" });
    const answer = await fetch(request.url, { headers: { cookie: person.cookie }, redirect: "manual" });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.headers.get("content-type")).toContain("text/html");
  });

  it("answers a denied consent with access_denied and the state", async () => {
    const request = await authorizationRequest(as, client, REDIRECT);
    const redirect = await answerConsent(request, person, { decision: "deny" });
    expect(redirect.searchParams.get("state")).toBe(request.state);
    expect(redirect.searchParams.get("code")).toBeNull();
    expect(await refusal(Promise.resolve().then(() => oauth.validateAuthResponse(as, client, redirect, request.state)))).toBe("access_denied");
  });
});

describe("where an access token is accepted", () => {
  it("answers it 401 on REST, the same token that /mcp accepts", async () => {
    const { request, redirect } = await approved();
    const tokens = await exchange(as, client, request, redirect);
    const rest = await fetch(`${server.current.url}/api/v1/execute/hash-text`, {
      method: "POST", headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" }, body: JSON.stringify({ input: { algorithm: "md5", text: "" } }),
    });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ error_code: "unauthorized" });
    expect(await mcpStatus(tokens.access_token)).toBe(200);
  });

  it("refuses a token at /mcp once it is revoked (RFC 7009), and answers 200 for a token it never issued", async () => {
    const { request, redirect } = await approved();
    const tokens = await exchange(as, client, request, redirect);
    const revoke = (token: string) => oauth.revocationRequest(as, client, oauth.None(), token, INSECURE);
    const unknown = await revoke("mcp_at_never-issued");
    expect(unknown.status).toBe(200);
    await oauth.processRevocationResponse(await revoke(tokens.access_token));
    expect(await mcpStatus(tokens.access_token)).toBe(401);
  });
});
