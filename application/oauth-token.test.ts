import { describe, expect, it } from "vitest";
import { MCP_RESOURCE, oauthFixture, type OAuthFixture, REDIRECT_URI } from "../adapters/oauth/testing.ts";
import { TOKENS } from "../adapters/container.ts";

/** A person, a registered client and a fresh code for it. */
async function withCode(test: OAuthFixture) {
  const ada = await test.person("ada@example.com");
  const clientId = await test.register();
  const code = (await test.approve(ada, clientId)).get("code") as string;
  /** The keys of Ada's workspace (the grant's, once its code is exchanged). */
  const keys = async () => (await test.storage.keys.listByWorkspace?.(ada.workspaceId)) ?? [];
  return { ada, clientId, code, keys };
}

const errorOf = (result: { ok: boolean; error?: { error: string } }) => (result.ok ? "ok" : result.error?.error);

describe("token: authorization_code", () => {
  it("exchanges a code for a Bearer access token (1 h) and a refresh token that authenticate to the grant's key", async () => {
    const test = oauthFixture();
    const { clientId, code, keys } = await withCode(test);
    const answer = await test.oauth.token(test.codeForm(clientId, code));
    const [{ id: keyId }] = await keys();
    expect(answer.ok && answer.value).toEqual({
      access_token: expect.stringMatching(/^mcp_at_[A-Za-z0-9_-]{43}$/), refresh_token: expect.stringMatching(/^mcp_rt_[A-Za-z0-9_-]{43}$/),
      token_type: "Bearer", expires_in: 3600, scope: "tools",
    });
    const key = answer.ok ? await test.oauth.authenticate(answer.value.access_token, MCP_RESOURCE) : undefined;
    expect(key?.id).toBe(keyId);
  });

  it("accepts an exchange without resource (RFC 8707 makes it optional at the token endpoint)", async () => {
    const test = oauthFixture();
    const { clientId, code } = await withCode(test);
    expect(errorOf(await test.oauth.token(test.codeForm(clientId, code, { resource: undefined })))).toBe("ok");
  });

  it.each([
    ["a wrong code_verifier", { code_verifier: "x".repeat(43) }, "invalid_grant"],
    ["a malformed code_verifier", { code_verifier: "short" }, "invalid_grant"],
    ["a mismatched redirect_uri", { redirect_uri: "http://127.0.0.1:33418/other" }, "invalid_grant"],
    ["another resource", { resource: "https://evil.example/mcp" }, "invalid_target"],
  ])("refuses %s, and the spent code's grant ends, no key made", async (_, changes, error) => {
    const test = oauthFixture();
    const { clientId, code, keys } = await withCode(test);
    expect(errorOf(await test.oauth.token(test.codeForm(clientId, code, changes)))).toBe(error);
    expect(errorOf(await test.oauth.token(test.codeForm(clientId, code)))).toBe("invalid_grant");
    expect(await keys()).toEqual([]);
  });

  it("refuses a code whose consenting account may no longer create keys in the workspace, making no key", async () => {
    const test = oauthFixture();
    const [ada, bob] = [await test.person("ada@example.com"), await test.person("bob@example.com")];
    const team = await test.deps.createWorkspace.execute({ accountId: ada.account.id, name: "Team" });
    if (!team.ok) throw new Error(team.error.message);
    const invited = await test.deps.inviteMember.execute({ accountId: ada.account.id, workspaceId: team.value.id, email: bob.account.email, role: "member" });
    if (!invited.ok) throw new Error(invited.error.message);
    expect((await test.deps.acceptInvitation.execute({ accountId: bob.account.id, token: invited.value.token })).ok).toBe(true);
    const clientId = await test.register();
    const code = (await test.approve({ account: bob.account, workspaceId: team.value.id }, clientId)).get("code") as string;
    const removed = await test.deps.removeMember.execute({ accountId: ada.account.id, workspaceId: team.value.id, memberAccountId: bob.account.id });
    expect(removed.ok).toBe(true);
    expect(errorOf(await test.oauth.token(test.codeForm(clientId, code)))).toBe("invalid_grant");
    expect(await test.storage.keys.listByWorkspace?.(team.value.id)).toEqual([]);
  });

  it("refuses a code sent by another registered client", async () => {
    const test = oauthFixture();
    const { code } = await withCode(test);
    const other = await test.register({ redirect_uris: [REDIRECT_URI] });
    expect(errorOf(await test.oauth.token(test.codeForm(other, code)))).toBe("invalid_grant");
  });

  it("refuses a reused code and ends the grant it issued: the first exchange's access token is refused from then on", async () => {
    const test = oauthFixture();
    const { clientId, code, keys } = await withCode(test);
    const first = await test.oauth.token(test.codeForm(clientId, code));
    expect(errorOf(first)).toBe("ok");
    expect(errorOf(await test.oauth.token(test.codeForm(clientId, code)))).toBe("invalid_grant");
    expect((await keys()).map((key) => key.status)).toEqual(["revoked"]);
    expect(first.ok && (await test.oauth.authenticate(first.value.access_token, MCP_RESOURCE))).toBeUndefined();
    expect(first.ok && errorOf(await test.oauth.token({ grant_type: "refresh_token", refresh_token: first.value.refresh_token }))).toBe("invalid_grant");
  });

  it("refuses a code at its 60th second (the test clock), and takes it at its 59th", async () => {
    const test = oauthFixture();
    const late = await withCode(test);
    test.clock.advance(60_000);
    expect(errorOf(await test.oauth.token(test.codeForm(late.clientId, late.code)))).toBe("invalid_grant");
    const bob = await test.person("bob@example.com");
    const code = (await test.approve(bob, late.clientId)).get("code") as string;
    test.clock.advance(59_999);
    expect(errorOf(await test.oauth.token(test.codeForm(late.clientId, code)))).toBe("ok");
  });

  it.each([
    ["no code", { code: undefined }, "invalid_request"],
    ["no code_verifier", { code_verifier: undefined }, "invalid_request"],
    ["no redirect_uri", { redirect_uri: undefined }, "invalid_request"],
    ["no client_id", { client_id: undefined }, "invalid_request"],
    ["an unknown client_id", { client_id: "client_unknown" }, "invalid_client"],
    ["an unknown code", { code: `mcp_code_${"A".repeat(43)}` }, "invalid_grant"],
    ["a code of another shape", { code: "not-a-code" }, "invalid_grant"],
  ])("refuses %s", async (_, changes, error) => {
    const test = oauthFixture();
    const { clientId, code } = await withCode(test);
    expect(errorOf(await test.oauth.token(test.codeForm(clientId, code, changes)))).toBe(error);
  });

  it("refuses an unknown or missing grant_type", async () => {
    const test = oauthFixture();
    expect(errorOf(await test.oauth.token({ grant_type: "password", username: "a", password: "b" }))).toBe("unsupported_grant_type");
    expect(errorOf(await test.oauth.token({ grant_type: "client_credentials" }))).toBe("unsupported_grant_type");
    expect(errorOf(await test.oauth.token({}))).toBe("invalid_request");
  });
});

describe("token: refresh_token", () => {
  it("rotates: a new access and refresh token each time, the old access token still valid until it expires", async () => {
    const test = oauthFixture();
    const { tokens } = await test.granted(await test.person("ada@example.com"));
    const next = await test.oauth.token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, resource: MCP_RESOURCE });
    expect(next.ok && next.value.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.ok && next.value.access_token).not.toBe(tokens.access_token);
    expect(next.ok && (await test.oauth.authenticate(next.value.access_token, MCP_RESOURCE))).toBeDefined();
    expect(await test.oauth.authenticate(tokens.access_token, MCP_RESOURCE)).toBeDefined();
    test.clock.advance(3_600_000);
    expect(await test.oauth.authenticate(tokens.access_token, MCP_RESOURCE)).toBeUndefined();
  });

  it("ends the grant when a rotated-away refresh token comes back: every token of it refused, the key revoked with an audit event", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const { tokens } = await test.granted(ada);
    const next = await test.oauth.token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    if (!next.ok) throw new Error(next.error.description);
    expect(errorOf(await test.oauth.token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }))).toBe("invalid_grant");
    expect(await test.oauth.authenticate(next.value.access_token, MCP_RESOURCE)).toBeUndefined();
    expect(errorOf(await test.oauth.token({ grant_type: "refresh_token", refresh_token: next.value.refresh_token }))).toBe("invalid_grant");
    const audit = await test.container.get(TOKENS.auditLog).list(ada.workspaceId, 10);
    expect(audit.map((event) => event.type)).toContain("key.revoked");
  });

  it.each([
    ["no refresh_token", { refresh_token: undefined }, "invalid_request"],
    ["an unknown refresh token", { refresh_token: `mcp_rt_${"B".repeat(43)}` }, "invalid_grant"],
    ["an access token", "access" as const, "invalid_grant"],
    ["another resource", { resource: "https://evil.example/mcp" }, "invalid_target"],
    ["another client_id", { client_id: "client_other" }, "invalid_grant"],
  ])("refuses %s, leaving the grant working", async (_, changes, error) => {
    const test = oauthFixture();
    const { clientId, tokens } = await test.granted(await test.person("ada@example.com"));
    const form = { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId };
    const sent = typeof changes === "string" ? { ...form, refresh_token: tokens.access_token } : { ...form, ...changes };
    expect(errorOf(await test.oauth.token(sent))).toBe(error);
    expect(errorOf(await test.oauth.token(form))).toBe("ok");
  });

  it("refuses a refresh token once its grant's key is revoked in the dashboard", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const { tokens } = await test.granted(ada);
    const [key] = (await test.storage.keys.listByWorkspace?.(ada.workspaceId)) ?? [];
    await test.deps.revokeWorkspaceKey.execute({ accountId: ada.account.id, workspaceId: ada.workspaceId, keyId: key.id });
    expect(errorOf(await test.oauth.token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }))).toBe("invalid_grant");
  });
});

describe("revoke (RFC 7009)", () => {
  it("ends an access token alone: the refresh token still works", async () => {
    const test = oauthFixture();
    const { tokens } = await test.granted(await test.person("ada@example.com"));
    expect(errorOf(await test.oauth.revoke({ token: tokens.access_token, token_type_hint: "access_token" }))).toBe("ok");
    expect(await test.oauth.authenticate(tokens.access_token, MCP_RESOURCE)).toBeUndefined();
    expect(errorOf(await test.oauth.token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }))).toBe("ok");
  });

  it("ends the whole grant for a refresh token: its access token refused, its key revoked", async () => {
    const test = oauthFixture();
    const ada = await test.person("ada@example.com");
    const { tokens } = await test.granted(ada);
    expect(errorOf(await test.oauth.revoke({ token: tokens.refresh_token }))).toBe("ok");
    expect(await test.oauth.authenticate(tokens.access_token, MCP_RESOURCE)).toBeUndefined();
    const [key] = (await test.storage.keys.listByWorkspace?.(ada.workspaceId)) ?? [];
    expect(key.status).toBe("revoked");
  });

  it("answers ok for unknown and malformed tokens, invalid_request without one, invalid_client for another client's", async () => {
    const test = oauthFixture();
    const { tokens } = await test.granted(await test.person("ada@example.com"));
    expect(errorOf(await test.oauth.revoke({ token: `mcp_at_${"C".repeat(43)}` }))).toBe("ok");
    expect(errorOf(await test.oauth.revoke({ token: "whatever" }))).toBe("ok");
    expect(errorOf(await test.oauth.revoke({}))).toBe("invalid_request");
    expect(errorOf(await test.oauth.revoke({ token: tokens.refresh_token, client_id: "client_other" }))).toBe("invalid_client");
    expect(await test.oauth.authenticate(tokens.access_token, MCP_RESOURCE)).toBeDefined();
  });
});
