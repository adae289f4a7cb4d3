import { describe, expect, it } from "vitest";
import { MCP_RESOURCE, OAUTH_PUBLIC_URL, oauthFixture, REDIRECT_URI } from "../adapters/oauth/testing.ts";
import { TOKENS } from "../adapters/container.ts";

/** The query of a redirect's location, after checking it goes to the registered redirect URI. */
function redirectQuery(check: { kind: string; location?: string }): URLSearchParams {
  expect(check.kind).toBe("redirect");
  const url = new URL(check.location as string);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  return url.searchParams;
}

describe("checkAuthorization", () => {
  it("shows consent for a valid request, naming the client, its redirect host and the scope asked", async () => {
    const test = oauthFixture();
    const clientId = await test.register();
    const check = await test.oauth.checkAuthorization(test.params(clientId, { scope: "tools:crypto" }));
    expect(check).toMatchObject({ kind: "show", redirectHost: "127.0.0.1:33418", scope: { categories: ["crypto"], tools: [] } });
    expect(check.kind === "show" && check.client).toMatchObject({ clientId, clientName: "Test Agent", kind: "registered" });
  });

  it.each([
    ["no client_id", { client_id: undefined }, "invalid_request"],
    ["an unknown client", { client_id: "client_unknown" }, "invalid_client"],
    ["no redirect_uri", { redirect_uri: undefined }, "invalid_request"],
    ["a redirect_uri not registered", { redirect_uri: "http://127.0.0.1:33419/callback" }, "invalid_request"],
    ["a redirect_uri that only starts like the registered one", { redirect_uri: `${REDIRECT_URI}/../evil` }, "invalid_request"],
  ])("refuses %s without redirecting (RFC 6749 §4.1.2.1)", async (_, changes, error) => {
    const test = oauthFixture();
    const clientId = await test.register();
    const check = await test.oauth.checkAuthorization(test.params(clientId, changes));
    expect(check).toMatchObject({ kind: "refuse", error: { error } });
  });

  it.each([
    ["no response_type", { response_type: undefined }, "invalid_request"],
    ["response_type=token", { response_type: "token" }, "unsupported_response_type"],
    ["no code_challenge", { code_challenge: undefined }, "invalid_request"],
    ["code_challenge_method=plain", { code_challenge_method: "plain" }, "invalid_request"],
    ["no code_challenge_method", { code_challenge_method: undefined }, "invalid_request"],
    ["a malformed code_challenge", { code_challenge: "short" }, "invalid_request"],
    ["no resource", { resource: undefined }, "invalid_target"],
    ["another resource", { resource: `${OAUTH_PUBLIC_URL}/api/v1` }, "invalid_target"],
    ["another server's /mcp", { resource: "https://evil.example/mcp" }, "invalid_target"],
  ])("sends %s back to the client with error, state and iss", async (_, changes, error) => {
    const test = oauthFixture();
    const clientId = await test.register();
    const query = redirectQuery(await test.oauth.checkAuthorization(test.params(clientId, changes)));
    expect(query.get("error")).toBe(error);
    expect(query.get("error_description")).toBeTruthy();
    expect(query.get("state")).toBe("xyz-state");
    expect(query.get("iss")).toBe(OAUTH_PUBLIC_URL);
    expect(query.get("code")).toBeNull();
  });
});

describe("decide", () => {
  it("denied: redirects with access_denied and the state, creating no key", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const clientId = await test.register();
    const decided = await test.oauth.decide({ account: ada.account, params: test.params(clientId), approve: false, workspaceId: ada.workspaceId });
    const query = redirectQuery(decided);
    expect([query.get("error"), query.get("state"), query.get("iss")]).toEqual(["access_denied", "xyz-state", OAUTH_PUBLIC_URL]);
    expect(await test.storage.keys.listByWorkspace?.(ada.workspaceId)).toEqual([]);
  });

  it("approved: redirects with a code and makes no key yet; the code's exchange makes `MCP: <client name>` with the consented scopes and the default limit", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const clientId = await test.register();
    const query = await test.approve(ada, clientId, { scopes: { categories: ["crypto"], tools: [] } });
    expect(query.get("code")).toMatch(/^mcp_code_[A-Za-z0-9_-]{43}$/);
    expect([query.get("state"), query.get("iss")]).toEqual(["xyz-state", OAUTH_PUBLIC_URL]);
    expect(await test.storage.keys.listByWorkspace?.(ada.workspaceId)).toEqual([]);
    const exchanged = await test.oauth.token(test.codeForm(clientId, query.get("code") as string));
    expect(exchanged.ok && exchanged.value.scope).toBe("tools:crypto");
    const keys = (await test.storage.keys.listByWorkspace?.(ada.workspaceId)) ?? [];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      name: "MCP: Test Agent", status: "active", env: "development", scopes: { categories: ["crypto"], tools: [] },
      policy: test.core.services.defaultPolicy, createdBy: ada.account.id, workspaceId: ada.workspaceId,
    });
    const audit = await test.container.get(TOKENS.auditLog).list(ada.workspaceId, 10);
    expect(audit.map((event) => [event.type, event.keyId, event.actor])).toContainEqual(["key.created", keys[0].id, { accountId: ada.account.id }]);
  });

  it("a code never exchanged leaves no key, however many consents", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const clientId = await test.register();
    for (let i = 0; i < 3; i++) await test.approve(ada, clientId);
    test.clock.advance(60_000);
    expect(await test.storage.keys.listByWorkspace?.(ada.workspaceId)).toEqual([]);
  });

  it("approved without a scope choice: the request's scope, and every tool when it asked none", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const clientId = await test.register();
    for (const params of [{}, { scope: "tool:hash-text" }]) {
      const code = (await test.approve(ada, clientId, { params })).get("code") as string;
      expect((await test.oauth.token(test.codeForm(clientId, code))).ok).toBe(true);
    }
    const keys = (await test.storage.keys.listByWorkspace?.(ada.workspaceId)) ?? [];
    expect(keys.map((key) => key.scopes ?? null).sort((a) => (a === null ? -1 : 1))).toEqual([null, { categories: [], tools: ["hash-text"] }]);
  });

  it("refuses a workspace the account is not a member of, creating no key there", async () => {
    const test = oauthFixture();
    const [ada, eve] = [await test.person("ada@example.com"), await test.person("eve@example.com")];
    const clientId = await test.register();
    const decided = await test.oauth.decide({ account: eve.account, params: test.params(clientId), approve: true, workspaceId: ada.workspaceId });
    expect(decided).toMatchObject({ kind: "refuse", error: { error: "access_denied" } });
    expect(await test.storage.keys.listByWorkspace?.(ada.workspaceId)).toEqual([]);
  });

  it("refuses an approval without a workspace, and a request that is no longer valid as checkAuthorization would", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const clientId = await test.register();
    expect(await test.oauth.decide({ account: ada.account, params: test.params(clientId), approve: true }))
      .toMatchObject({ kind: "refuse", error: { error: "invalid_request" } });
    expect(await test.oauth.decide({ account: ada.account, params: test.params(clientId, { redirect_uri: "https://evil.example/cb" }), approve: true, workspaceId: ada.workspaceId }))
      .toMatchObject({ kind: "refuse" });
    const query = redirectQuery(await test.oauth.decide({
      account: ada.account, params: test.params(clientId, { resource: "https://evil.example/mcp" }), approve: true, workspaceId: ada.workspaceId,
    }));
    expect(query.get("error")).toBe("invalid_target");
    expect(await test.storage.keys.listByWorkspace?.(ada.workspaceId)).toEqual([]);
  });

  it("refuses scopes a key cannot have as invalid_scope", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const clientId = await test.register();
    const decided = await test.oauth.decide({
      account: ada.account, params: test.params(clientId), approve: true, workspaceId: ada.workspaceId, scopes: { categories: ["bad category!"], tools: [] },
    });
    expect(decided).toMatchObject({ kind: "refuse", error: { error: "invalid_scope" } });
  });

  it("gives the resource it checked to the code (MCP_RESOURCE)", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const { tokens } = await test.granted(ada);
    expect(await test.oauth.authenticate(tokens.access_token, MCP_RESOURCE)).toBeDefined();
  });
});
