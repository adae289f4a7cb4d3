import { describe, expect, it } from "vitest";
import { MCP_RESOURCE, OAUTH_PUBLIC_URL, oauthFixture, type OAuthFixture } from "../adapters/oauth/testing.ts";

/** Ada owns "Team"; Bob joined it as a member and granted a client access to Team: his access token. */
async function teamGrant(test: OAuthFixture) {
  const [ada, bob] = [await test.person("ada@example.com"), await test.person("bob@example.com")];
  const created = await test.deps.createWorkspace.execute({ accountId: ada.account.id, name: "Team" });
  if (!created.ok) throw new Error(created.error.message);
  const teamId = created.value.id;
  const join = async () => {
    const invited = await test.deps.inviteMember.execute({ accountId: ada.account.id, workspaceId: teamId, email: bob.account.email, role: "member" });
    if (!invited.ok) throw new Error(invited.error.message);
    const accepted = await test.deps.acceptInvitation.execute({ accountId: bob.account.id, token: invited.value.token });
    if (!accepted.ok) throw new Error(accepted.error.message);
  };
  await join();
  const { tokens } = await test.granted({ account: bob.account, workspaceId: teamId });
  const [key] = (await test.storage.keys.listByWorkspace?.(teamId)) ?? [];
  return { ada, bob, teamId, join, token: tokens.access_token, keyId: key.id };
}

describe("authenticate", () => {
  it("answers the grant's key for its access token at its resource, and nothing at another resource", async () => {
    const test = oauthFixture();
    const { token, keyId, teamId } = await teamGrant(test);
    expect(await test.oauth.authenticate(token, MCP_RESOURCE)).toMatchObject({ id: keyId, workspaceId: teamId, status: "active" });
    expect(await test.oauth.authenticate(token, `${OAUTH_PUBLIC_URL}/api/v1`)).toBeUndefined();
    expect(await test.oauth.authenticate(token, `${MCP_RESOURCE}/`)).toBeUndefined();
  });

  it("refuses unknown, malformed and refresh tokens", async () => {
    const test = oauthFixture();
    const { tokens } = await test.granted(await test.person("ada@example.com"));
    for (const token of [`mcp_at_${"D".repeat(43)}`, tokens.access_token.slice(0, -1), tokens.refresh_token, "", `tk_dev_${"a".repeat(38)}`]) {
      expect(await test.oauth.authenticate(token, MCP_RESOURCE), token).toBeUndefined();
    }
  });

  it("refuses an access token from its first expired millisecond (1 h, the test clock)", async () => {
    const test = oauthFixture();
    const { token } = await teamGrant(test);
    test.clock.advance(3_599_999);
    expect(await test.oauth.authenticate(token, MCP_RESOURCE)).toBeDefined();
    test.clock.advance(1);
    expect(await test.oauth.authenticate(token, MCP_RESOURCE)).toBeUndefined();
  });

  it("refuses the token at once when the grant's key is revoked in the dashboard", async () => {
    const test = oauthFixture();
    const { ada, teamId, token, keyId } = await teamGrant(test);
    const revoked = await test.deps.revokeWorkspaceKey.execute({ accountId: ada.account.id, workspaceId: teamId, keyId });
    expect(revoked.ok).toBe(true);
    expect(await test.oauth.authenticate(token, MCP_RESOURCE)).toBeUndefined();
  });

  it("refuses the token once the granting member is removed, and still after they are invited back", async () => {
    const test = oauthFixture();
    const { ada, bob, teamId, join, token } = await teamGrant(test);
    const removed = await test.deps.removeMember.execute({ accountId: ada.account.id, workspaceId: teamId, memberAccountId: bob.account.id });
    expect(removed.ok).toBe(true);
    expect(await test.oauth.authenticate(token, MCP_RESOURCE)).toBeUndefined();
    test.clock.advance(1000);
    await join();
    expect(await test.oauth.authenticate(token, MCP_RESOURCE)).toBeUndefined();
  });

  it("refuses the token once the granting account is deleted (its key in a shared workspace stays active)", async () => {
    const test = oauthFixture();
    const { bob, token, keyId } = await teamGrant(test);
    const deleted = await test.deps.security.deleteAccount.execute({ account: bob.account, password: "correct horse battery", ip: "10.1.1.1" });
    expect(deleted.ok).toBe(true);
    expect((await test.storage.keys.findById(keyId))?.status).toBe("active");
    expect(await test.oauth.authenticate(token, MCP_RESOURCE)).toBeUndefined();
  });

  it("keeps the token working when the member's role changes", async () => {
    const test = oauthFixture();
    const { ada, bob, teamId, token } = await teamGrant(test);
    const changed = await test.deps.changeMemberRole.execute({ accountId: ada.account.id, workspaceId: teamId, memberAccountId: bob.account.id, role: "admin" });
    expect(changed.ok).toBe(true);
    expect(await test.oauth.authenticate(token, MCP_RESOURCE)).toBeDefined();
  });
});
