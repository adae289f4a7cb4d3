import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_ATTEMPT_LIMITS } from "../../../application/attempt-limits.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { clearOfWindowEnd } from "../../testing/rate-window.ts";
import { acceptOver, callOver, inviteConcurrently, inviteOver, PASSWORD, signUpFrom, teamOver } from "../../testing/team-client.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "../testing/redis.ts";

const redisUrl = await findTestRedis();

// What a security probe of sign-in and the team surfaces found, replayed on two server instances on one Redis: every
// throttle and the invitation cap hold across instances. The test client is the loopback "proxy" (TRUST_PROXY).
describe.skipIf(!redisUrl)("throttles and the invitation cap across two instances on one Redis", () => {
  const url = redisUrl as string;
  const prefix = uniquePrefix("throttles");
  let servers: RunningServer[] = [];
  let urls: string[] = [];

  beforeAll(async () => {
    const config = redisConfig(url, prefix, { TRUST_PROXY: "loopback" });
    for (let i = 0; i < 2; i++) {
      servers.push(await startServer(config, { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) }));
    }
    urls = servers.map((server) => server.url);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    servers = [];
    await deleteKeysUnder(url, prefix);
  });
  // Every sign-in tier's window is a whole number of minutes, aligned to the epoch (on Redis TIME, this machine's clock).
  beforeEach(() => clearOfWindowEnd(60, 15_000));

  const post = async (i: number, path: string, body: unknown, client: string) => {
    const response = await fetch(`${urls[i % urls.length]}/api/v1${path}`, {
      method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client }, body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  };
  /** `count` sign-ins at once, alternating between the instances; their statuses. */
  const signIns = (count: number, pick: (i: number) => { email: string; client: string }) =>
    Promise.all(Array.from({ length: count }, (_, i) => post(i, "/auth/sign-in", { email: pick(i).email, password: "not the password" }, pick(i).client)));
  /**
   * Exactly `limit` of the sign-ins reached the password check (401) and the rest were refused (429). A call that failed
   * closed (503: a Redis reply past its 1 s deadline on a loaded machine) may have held a count it never gave back, so
   * with n of them between limit − n and limit are checked; never more than the limit.
   */
  const expectChecked = (statuses: readonly number[], limit: number) => {
    const checked = statuses.filter((status) => status === 401).length;
    const failedClosed = statuses.filter((status) => status === 503).length;
    expect(statuses.filter((status) => ![401, 429, 503].includes(status)), "answers other than 401, 429 and 503").toEqual([]);
    if (failedClosed === 0) expect(checked).toBe(limit);
    expect(checked).toBeLessThanOrEqual(limit);
    expect(checked).toBeGreaterThanOrEqual(limit - failedClosed);
  };

  it("lets exactly 5 of 20 concurrent guesses at one account from one address reach the check, split across both", async () => {
    await signUpFrom(urls[0], "across@example.com");
    const limit = DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp[0].limit;
    expectChecked(await signIns(20, () => ({ email: "across@example.com", client: "203.0.113.20" })), limit);
  }, 60_000);

  it("lets exactly the per-address limit of 150 concurrent sign-ins to 150 emails reach the check, split across both", async () => {
    const limit = DEFAULT_ATTEMPT_LIMITS.signInPerIp[0].limit;
    expectChecked(await signIns(150, (i) => ({ email: `nobody${i}@example.com`, client: "203.0.113.150" })), limit);
  }, 60_000);

  it("counts an IPv6 client by its /64 and caps one account's failures from 60 /64s, across both", async () => {
    await signUpFrom(urls[0], "v6@example.com");
    const perAccountAndIp = DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp[0].limit;
    expectChecked(await signIns(60, (i) => ({ email: "v6@example.com", client: `2001:db8:66:1::${(i + 1).toString(16)}` })), perAccountAndIp);
    await signUpFrom(urls[1], "spread@example.com");
    const perAccount = DEFAULT_ATTEMPT_LIMITS.signInPerAccount[0].limit;
    expectChecked(await signIns(60, (i) => ({ email: "spread@example.com", client: `2001:db8:${(i + 0x200).toString(16)}:1::1` })), perAccount);
    expect(await post(1, "/auth/sign-in", { email: "spread@example.com", password: PASSWORD }, "192.0.2.99")).toBe(429);
  }, 60_000);

  it("creates 20 of 25 concurrent sign-ups from one /64, split across both", async () => {
    await clearOfWindowEnd(3600, 30_000);
    const statuses = await Promise.all(Array.from({ length: 25 }, (_, i) =>
      post(i, "/auth/sign-up", { email: `v6-signup${i}@example.com`, password: PASSWORD }, `2001:db8:25:2:${(i + 1).toString(16)}::1`)));
    const { limit } = DEFAULT_ATTEMPT_LIMITS.signUpPerIp;
    expect([statuses.filter((status) => status === 201).length, statuses.filter((status) => status === 429).length]).toEqual([limit, 25 - limit]);
  }, 60_000);

  it("creates exactly 100 of 110 concurrent invitations to one workspace, split across both, and answers 409 to 10", async () => {
    const { workspaceId, owner } = await teamOver(urls, "cap", "member");
    const statuses = await inviteConcurrently(urls, owner, workspaceId, 110);
    expect([statuses.filter((status) => status === 201).length, statuses.filter((status) => status === 409).length]).toEqual([100, 10]);
    expect((await callOver(urls[1], owner, "GET", `/workspaces/${workspaceId}/invitations`)).body.data?.invitations).toHaveLength(100);
  }, 60_000);

  it("refuses on one instance an invitation whose inviter was removed on the other", async () => {
    const { workspaceId, owner, member: admin } = await teamOver(urls, "removed", "admin");
    const alt = await signUpFrom(urls[1], "removed-admin.alt@example.com");
    const { token } = await inviteOver(urls[1], admin, workspaceId, alt.email, "admin");
    expect((await callOver(urls[0], owner, "DELETE", `/workspaces/${workspaceId}/members/${admin.accountId}`)).status).toBe(200);
    expect(await acceptOver(urls[1], alt, token)).toMatchObject({ status: 404, body: { error_code: "not_found" } });
  }, 60_000);
});
