// Password change, sessions and account deletion over the session API on real servers: two instances sharing one
// Redis when one is reachable (what one instance ends, the other refuses at once), else one embedded server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "../../storage/testing/redis.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { currentKeyStatus, makeRaceKey, type SessionClient, sessionCall, signUpOver } from "../../testing/key-races.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";

// signUpOver's password (adapters/testing/key-races.ts).
const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "violet kettle marching lantern";
const options = { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) };

let servers: RunningServer[] = [];
let close: () => Promise<void>;
/** Where changes are made, and where their effect is checked (another instance when there are two). */
const here = () => servers[0].url;
const there = () => servers[servers.length - 1].url;

beforeAll(async () => {
  const redisUrl = await findTestRedis();
  if (redisUrl) {
    const prefix = uniquePrefix("account-api");
    for (let i = 0; i < 2; i++) servers.push(await startServer(redisConfig(redisUrl, prefix), options));
    close = async () => { for (const server of servers) await server.close(); await deleteKeysUnder(redisUrl, prefix); };
  } else {
    const dir = mkdtempSync(join(tmpdir(), "account-api-"));
    const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dir });
    if (!loaded.ok) throw new Error(loaded.error.join("; "));
    servers = [await startServer(loaded.value, options)];
    close = async () => { await servers[0].close(); rmSync(dir, { recursive: true, force: true }); };
  }
});
afterAll(async () => close?.());

/** A session-API call; the envelope as parsed (each test reads the fields it checks). */
async function call(baseUrl: string, client: SessionClient, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return sessionCall(baseUrl, client, method, path, body);
}

const fresh = (label: string) => `${label}-${Math.random().toString(36).slice(2)}@example.com`;

/** Signs in over `baseUrl` with a User-Agent; the client carries the new session. */
async function signIn(baseUrl: string, email: string, userAgent: string, password = PASSWORD): Promise<SessionClient & { status: number }> {
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: "POST", headers: { "content-type": "application/json", "user-agent": userAgent }, body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  return { status: response.status, cookie: (response.headers.get("set-cookie") ?? "").split(";")[0], csrf: body.data?.csrfToken, accountId: "", workspaceId: "" };
}

/** GET /auth/session's status: whether the session still signs in. */
async function sessionStatus(baseUrl: string, client: SessionClient): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/auth/session`, { headers: { cookie: client.cookie } });
  await response.arrayBuffer();
  return response.status;
}

describe("changing the password", () => {
  it("ends the other session on every instance at once, keeps the current one, and refuses a wrong current password", async () => {
    const email = fresh("change");
    const mine = await signUpOver(here(), email);
    const other = await signIn(there(), email, "Other browser");
    const wrong = await call(here(), mine, "POST", "/auth/password", { currentPassword: "not the password at all", newPassword: NEW_PASSWORD });
    expect([wrong.status, wrong.body.error_code]).toEqual([401, "invalid_credentials"]);
    const weak = await call(here(), mine, "POST", "/auth/password", { currentPassword: PASSWORD, newPassword: "password1234" });
    expect([weak.status, weak.body.details?.[0]?.path]).toEqual([422, "/newPassword"]);
    expect(await sessionStatus(there(), other)).toBe(200);
    const changed = await call(here(), mine, "POST", "/auth/password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body.data.account.email).toBe(email);
    expect(await sessionStatus(there(), other)).toBe(401);
    expect(await sessionStatus(there(), mine)).toBe(200);
    expect((await signIn(there(), email, "x", PASSWORD)).status).toBe(401);
    expect((await signIn(there(), email, "x", NEW_PASSWORD)).status).toBe(200);
  });
});

describe("the account's sessions", () => {
  it("lists the live sessions newest first, ends one on every instance at once, then every other one", async () => {
    const email = fresh("sessions");
    const first = await signUpOver(here(), email);
    const phone = await signIn(there(), email, "Phone browser");
    const laptop = await signIn(here(), email, "Laptop browser");
    const stranger = await signUpOver(here(), fresh("stranger"));
    const listed = await call(there(), laptop, "GET", "/auth/sessions");
    expect(listed.status).toBe(200);
    const sessions = listed.body.data.sessions as { id: string; userAgent: string | null; current: boolean; createdAt: string; lastSeenAt: string }[];
    expect(sessions.map((session) => [session.userAgent, session.current])).toEqual([["Laptop browser", true], ["Phone browser", false], [expect.any(String), false]]);
    expect(sessions.every((session) => /^ses_[a-f0-9]+$/.test(session.id) && !Number.isNaN(Date.parse(session.lastSeenAt)))).toBe(true);
    const strangerId = (await call(here(), stranger, "GET", "/auth/sessions")).body.data.sessions[0].id;
    const foreign = await call(here(), laptop, "DELETE", `/auth/sessions/${strangerId}`);
    expect([foreign.status, foreign.body.error_code]).toEqual([404, "not_found"]);
    expect(await sessionStatus(there(), stranger)).toBe(200);
    const noCsrf = await fetch(`${here()}/api/v1/auth/sessions/${sessions[1].id}`, { method: "DELETE", headers: { cookie: laptop.cookie } });
    expect(noCsrf.status).toBe(403);
    const ended = await call(here(), laptop, "DELETE", `/auth/sessions/${sessions[1].id}`);
    expect([ended.status, ended.body.data.session.userAgent]).toEqual([200, "Phone browser"]);
    expect(await sessionStatus(there(), phone)).toBe(401);
    expect(await sessionStatus(there(), first)).toBe(200);
    const others = await call(here(), laptop, "DELETE", "/auth/sessions");
    expect([others.status, others.body.data.ended]).toEqual([200, 1]);
    expect(await sessionStatus(there(), first)).toBe(401);
    expect(await sessionStatus(there(), laptop)).toBe(200);
    expect((await call(there(), laptop, "GET", "/auth/sessions")).body.data.sessions).toHaveLength(1);
  });
});

describe("deleting the account", () => {
  it("is refused while the last owner of a shared workspace, and otherwise revokes its keys and ends its sessions at once, freeing the email", async () => {
    const email = fresh("delete");
    const owner = await signUpOver(here(), email);
    const elsewhere = await signIn(there(), email, "Other browser");
    const key = await makeRaceKey(servers[0], owner);
    expect(await currentKeyStatus(there(), key.secret)).toBe(200);
    const wrong = await call(here(), owner, "DELETE", "/auth/account", { password: "not the password at all" });
    expect([wrong.status, wrong.body.error_code]).toEqual([401, "invalid_credentials"]);
    const team = await call(here(), owner, "POST", "/workspaces", { name: "Team" });
    expect(team.status).toBe(201);
    const refused = await call(here(), owner, "DELETE", "/auth/account", { password: PASSWORD });
    expect([refused.status, refused.body.error_code]).toEqual([409, "conflict"]);
    expect(await currentKeyStatus(there(), key.secret)).toBe(200);

    const loner = await signUpOver(here(), email.replace("delete-", "loner-"));
    const lonerKey = await makeRaceKey(servers[0], loner);
    const deleted = await fetch(`${here()}/api/v1/auth/account`, {
      method: "DELETE", headers: { cookie: loner.cookie, "x-csrf-token": loner.csrf, "content-type": "application/json" }, body: JSON.stringify({ password: PASSWORD }),
    });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("set-cookie")).toMatch(/^tk_session=; .*Max-Age=0/);
    expect(await currentKeyStatus(there(), lonerKey.secret)).toBe(401);
    expect(await sessionStatus(there(), loner)).toBe(401);
    const again = await fetch(`${there()}/api/v1/auth/sign-up`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: email.replace("delete-", "loner-"), password: NEW_PASSWORD }),
    });
    expect(again.status).toBe(201);
    expect((await again.json()).data.account.id).not.toBe(loner.accountId);
    expect(await sessionStatus(there(), elsewhere)).toBe(200);
  });
});
