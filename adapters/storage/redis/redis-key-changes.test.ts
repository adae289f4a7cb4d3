import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import type { RunningServer } from "../../server.ts";
import { untilClockReaches } from "../../testing/clock.ts";
import { execute, startInstances } from "../testing/instances.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "../testing/redis.ts";
import { mintCountedKey } from "../../testing/rate-window.ts";

const redisUrl = await findTestRedis();

async function limitHeader(server: RunningServer, secret: string): Promise<string | null> {
  const response = await fetch(`${server.url}/api/v1/execute/hash-text`, {
    method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: JSON.stringify({ input: { algorithm: "sha256", text: "x" } }),
  });
  await response.arrayBuffer();
  return response.headers.get("x-ratelimit-limit");
}

describe.skipIf(!redisUrl)("key changes reach every instance on one Redis by its next request", () => {
  const url = redisUrl as string;
  const prefix = uniquePrefix("keychanges");
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    servers = await startInstances(url, prefix, 2);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await deleteKeysUnder(url, prefix);
  });

  const create = (extra: object = {}) => mintCountedKey(servers[0].container, { name: "multi", limit: 1000, ...extra });

  // Every lookup reads the key's record, so each change below is seen by the next request on every instance: the
  // tests assert that request rather than poll against a time bound a loaded machine can miss.
  it("a rotation: the new secret works on both at once, the old one is refused on both from the grace's end", async () => {
    const { key, secret } = await create();
    for (const server of servers) expect((await execute(server.url, secret)).status).toBe(200);
    const rotated = await servers[0].container.get(TOKENS.rotateKey).execute({ id: key.id, graceSeconds: 2 });
    if (!rotated.ok) throw new Error("refused");
    for (const server of servers) expect((await execute(server.url, rotated.value.secret)).status).toBe(200);
    // The instances run in this process on its clock: once it reads the grace's end, the old secret is past it.
    await untilClockReaches(Date.parse(rotated.value.previousSecretExpiresAt ?? ""));
    const statuses = await Promise.all(servers.map(async (server) => (await execute(server.url, secret)).status));
    expect(statuses).toEqual([401, 401]);
  });

  it("a limit change made on one instance is applied by the other from its next request", async () => {
    const { key, secret } = await create();
    expect(await limitHeader(servers[1], secret)).toBe("1000");
    const updated = await servers[0].container.get(TOKENS.updateKey).execute({ id: key.id, limit: 7 });
    expect(updated.ok).toBe(true);
    expect(await limitHeader(servers[1], secret)).toBe("7");
  });

  it("an expiry is refused by both instances", async () => {
    // 5 s, not 1: the 200s before it must arrive while the key is live, however slowly a loaded machine sends them.
    const { key, secret } = await create({ expiresInSeconds: 5 });
    for (const server of servers) expect((await execute(server.url, secret)).status).toBe(200);
    await untilClockReaches(Date.parse(key.expiresAt ?? ""));
    for (const server of servers) expect((await execute(server.url, secret)).status).toBe(401);
  });
});
