import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "../../storage/testing/redis.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { type SessionClient, sessionCall, signUpOver } from "../../testing/key-races.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";

const redisUrl = await findTestRedis();
const options = { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) };

/** A shared workspace of `owner` with one key the owner created; returns its id and the key's id. */
async function teamOf(server: RunningServer, owner: SessionClient) {
  const created = await sessionCall(server.url, owner, "POST", "/workspaces", { name: "Team" });
  const workspaceId = (created.body.data?.workspace as { id: string }).id;
  const key = await server.container.get(TOKENS.createKey).execute({ name: "prod", env: "development", workspaceId, actor: { accountId: owner.accountId } });
  if (!key.ok) throw new Error(key.error.message);
  return { workspaceId, keyId: key.value.key.id };
}

/** Invites `email` as `role` and answers the token of the accept link. */
async function invite(server: RunningServer, owner: SessionClient, workspaceId: string, email: string, role: string) {
  const answer = await sessionCall(server.url, owner, "POST", `/workspaces/${workspaceId}/invitations`, { email, role });
  expect(answer.status).toBe(201);
  const acceptUrl = answer.body.data?.acceptUrl as string;
  expect(acceptUrl).toMatch(new RegExp(`^${server.url}/dashboard/invitations/[A-Za-z0-9_-]{43}$`));
  return { token: acceptUrl.split("/").pop() as string, invitation: answer.body.data?.invitation as { id: string } };
}

describe("members over HTTP, on a real server (embedded store)", () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "members-api-"));
    const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dir });
    if (!loaded.ok) throw new Error(loaded.error.join("; "));
    server = await startServer(loaded.value, options);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("invite → accept → the member sees the keys → promoted, demoted, removed: each refused or allowed at once", async () => {
    const ada = await signUpOver(server.url, "ada@example.com");
    const bob = await signUpOver(server.url, "bob@example.com");
    const { workspaceId, keyId } = await teamOf(server, ada);
    const call = (client: SessionClient, method: string, path: string, body?: unknown) => sessionCall(server.url, client, method, `/workspaces/${workspaceId}${path}`, body);
    const { token, invitation } = await invite(server, ada, workspaceId, "BOB@example.com", "member");
    expect((await call(ada, "GET", "/invitations")).body.data?.invitations).toEqual([{ ...invitation }]);
    expect(await sessionCall(server.url, bob, "POST", "/invitations/accept", { token })).toMatchObject({ status: 200, body: { data: { workspace: { id: workspaceId, name: "Team" } } } });
    expect((await call(bob, "GET", "/keys")).body.data?.keys).toEqual([expect.objectContaining({ id: keyId, name: "prod", createdBy: ada.accountId })]);
    expect((await call(bob, "GET", "/members")).body.data?.members).toEqual([
      { accountId: ada.accountId, email: "ada@example.com", role: "owner", joinedAt: expect.any(String), emailVerified: false },
      { accountId: bob.accountId, email: "bob@example.com", role: "member", joinedAt: expect.any(String), emailVerified: false },
    ]);
    const refused = { status: 403, body: { status: "error", code: 403, error_code: "forbidden", message: expect.any(String) } };
    expect(await call(bob, "PATCH", `/keys/${keyId}`, { limit: 7 })).toMatchObject(refused);
    expect(await call(ada, "PATCH", `/members/${bob.accountId}`, { role: "admin" })).toMatchObject({ status: 200, body: { data: { member: { accountId: bob.accountId, role: "admin" } } } });
    expect(await call(bob, "PATCH", `/keys/${keyId}`, { limit: 7 })).toMatchObject({ status: 200 });
    expect(await call(ada, "PATCH", `/members/${bob.accountId}`, { role: "member" })).toMatchObject({ status: 200 });
    expect(await call(bob, "PATCH", `/keys/${keyId}`, { limit: 8 })).toMatchObject(refused);
    expect(await call(ada, "DELETE", `/members/${bob.accountId}`)).toMatchObject({ status: 200, body: { data: { member: { accountId: bob.accountId, role: "member" } } } });
    expect(await call(bob, "GET", "/keys")).toMatchObject(refused);
    expect(await call(bob, "GET", "/members")).toMatchObject(refused);
    const audit = (await call(ada, "GET", "/audit")).body.data?.events as Record<string, unknown>[];
    expect(audit.slice(0, 2)).toEqual([
      expect.objectContaining({ type: "member.removed", actorEmail: "ada@example.com", memberAccountId: bob.accountId, memberEmail: "bob@example.com", role: "member" }),
      expect.objectContaining({ type: "member.role_changed", actorEmail: "ada@example.com", memberEmail: "bob@example.com", role: "member", previousRole: "admin" }),
    ]);
    expect(audit.find((event) => event.type === "key.updated")).toMatchObject({ actorEmail: "bob@example.com", keyId, keyName: "prod", changes: ["limit"], newValues: { limit: 7 } });
  });

  it("keeps the keys a removed member created, and the member's session falls back to its personal workspace", async () => {
    const ada = await signUpOver(server.url, "carol@example.com");
    const dan = await signUpOver(server.url, "dan@example.com");
    const { workspaceId } = await teamOf(server, ada);
    const { token } = await invite(server, ada, workspaceId, "dan@example.com", "admin");
    await sessionCall(server.url, dan, "POST", "/invitations/accept", { token });
    const made = await server.container.get(TOKENS.createWorkspaceKey).execute({ accountId: dan.accountId, workspaceId, name: "dan's", env: "development" });
    if (!made.ok) throw new Error(made.error.message);
    expect((await sessionCall(server.url, ada, "DELETE", `/workspaces/${workspaceId}/members/${dan.accountId}`)).status).toBe(200);
    const keys = (await sessionCall(server.url, ada, "GET", `/workspaces/${workspaceId}/keys`)).body.data?.keys as { id: string; status: string }[];
    expect(keys.find((key) => key.id === made.value.key.id)).toMatchObject({ status: "active", createdBy: dan.accountId });
    const session = await sessionCall(server.url, dan, "GET", "/auth/session");
    expect(session.body.data?.workspace).toMatchObject({ id: dan.workspaceId, personal: true });
  });

  it("answers 409 for the last owner, 422 for a bad role, 404 for an unknown member or invitation, 403 for a wrong email, 404 for a used token", async () => {
    const erin = await signUpOver(server.url, "erin@example.com");
    const fay = await signUpOver(server.url, "fay@example.com");
    const { workspaceId } = await teamOf(server, erin);
    const call = (client: SessionClient, method: string, path: string, body?: unknown) => sessionCall(server.url, client, method, `/workspaces/${workspaceId}${path}`, body);
    expect(await call(erin, "DELETE", `/members/${erin.accountId}`)).toMatchObject({ status: 409, body: { error_code: "conflict" } });
    expect(await call(erin, "PATCH", `/members/${erin.accountId}`, { role: "admin" })).toMatchObject({ status: 409, body: { error_code: "conflict" } });
    expect(await call(erin, "PATCH", `/members/${erin.accountId}`, { role: "king" })).toMatchObject({ status: 422, body: { details: [{ path: "/role", message: "must be one of owner, admin, member" }] } });
    expect(await call(erin, "DELETE", "/members/acct_unknown")).toMatchObject({ status: 404, body: { error_code: "not_found" } });
    expect(await call(erin, "DELETE", "/invitations/inv_unknown")).toMatchObject({ status: 404, body: { error_code: "not_found" } });
    const { token } = await invite(server, erin, workspaceId, "someone-else@example.com", "member");
    expect(await sessionCall(server.url, fay, "POST", "/invitations/accept", { token })).toMatchObject({ status: 403, body: { error_code: "forbidden" } });
    const own = await invite(server, erin, workspaceId, "fay@example.com", "member");
    expect((await sessionCall(server.url, fay, "POST", "/invitations/accept", { token: own.token })).status).toBe(200);
    expect(await sessionCall(server.url, fay, "POST", "/invitations/accept", { token: own.token })).toMatchObject({ status: 404, body: { error_code: "not_found" } });
    const noCsrf = await fetch(`${server.url}/api/v1/workspaces/${workspaceId}/members/${fay.accountId}`, { method: "DELETE", headers: { cookie: erin.cookie } });
    expect(noCsrf.status).toBe(403);
    expect((await noCsrf.json()).error_code).toBe("csrf_failed");
    expect((await fetch(`${server.url}/api/v1/invitations/accept`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(401);
  });
});

describe.skipIf(!redisUrl)("members over HTTP, two instances on one Redis", () => {
  it("refuses a member removed on one instance on the other from its next request", async () => {
    const prefix = uniquePrefix("members-api");
    const [one, two] = [await startServer(redisConfig(redisUrl ?? "", prefix), options), await startServer(redisConfig(redisUrl ?? "", prefix), options)];
    try {
      const ada = await signUpOver(one.url, "ada@example.com");
      const bob = await signUpOver(two.url, "bob@example.com");
      const { workspaceId, keyId } = await teamOf(one, ada);
      const { token } = await invite(one, ada, workspaceId, "bob@example.com", "member");
      expect((await sessionCall(two.url, bob, "POST", "/invitations/accept", { token })).status).toBe(200);
      const keysOnTwo = () => sessionCall(two.url, bob, "GET", `/workspaces/${workspaceId}/keys`);
      expect((await keysOnTwo()).body.data?.keys).toEqual([expect.objectContaining({ id: keyId })]);
      expect((await sessionCall(one.url, ada, "DELETE", `/workspaces/${workspaceId}/members/${bob.accountId}`)).status).toBe(200);
      // The contract says "at once on every instance": the other instance's next request, no time bound to poll.
      expect(await keysOnTwo()).toMatchObject({ status: 403, body: { error_code: "forbidden" } });
    } finally {
      await one.close();
      await two.close();
      await deleteKeysUnder(redisUrl ?? "", prefix);
    }
  });
});
