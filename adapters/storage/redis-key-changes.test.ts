import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../container.ts";
import type { RunningServer } from "../server.ts";
import { execute, startInstances, waitFor } from "./testing/instances.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "./testing/redis.ts";

const redisUrl = await findTestRedis();

async function limitHeader(server: RunningServer, secret: string): Promise<string | null> {
  const response = await fetch(`${server.url}/api/v1/execute/hash-text`, {
    method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: JSON.stringify({ input: { algorithm: "sha256", text: "x" } }),
  });
  await response.arrayBuffer();
  return response.headers.get("x-ratelimit-limit");
}

describe.skipIf(!redisUrl)("key changes reach every instance on one Redis within 1 s", () => {
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

  const create = async (extra: object = {}) => {
    const result = await servers[0].container.get(TOKENS.createKey).execute({ name: "multi", env: "development", limit: 1000, windowSeconds: 3600, ...extra });
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };

  it("a rotation: the new secret works on both at once, the old one is refused on both within 1 s of the grace's end", async () => {
    const { key, secret } = await create();
    for (const server of servers) expect((await execute(server.url, secret)).status).toBe(200);
    const rotated = await servers[0].container.get(TOKENS.rotateKey).execute({ id: key.id, graceSeconds: 2 });
    if (!rotated.ok) throw new Error("refused");
    for (const server of servers) expect((await execute(server.url, rotated.value.secret)).status).toBe(200);
    const graceEnd = Date.parse(rotated.value.previousSecretExpiresAt ?? "");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, graceEnd - Date.now())));
    // The contract's bound is 1 s (the lookup cache lives 500 ms); both instances are polled at once.
    const seenAfterGrace = await Promise.all(servers.map(async (server) => {
      await waitFor(async () => (await execute(server.url, secret)).status === 401, 3000);
      return Date.now() - graceEnd;
    }));
    for (const ms of seenAfterGrace) expect(ms).toBeLessThan(1000);
  }, 30_000);

  it("a limit change made on one instance is applied by the other within 1 s", async () => {
    const { key, secret } = await create();
    expect(await limitHeader(servers[1], secret)).toBe("1000");
    const updated = await servers[0].container.get(TOKENS.updateKey).execute({ id: key.id, limit: 7 });
    expect(updated.ok).toBe(true);
    const elapsed = await waitFor(async () => (await limitHeader(servers[1], secret)) === "7", 3000);
    expect(elapsed).toBeLessThan(1000);
  }, 30_000);

  it("an expiry is refused by both instances", async () => {
    const { secret } = await create({ expiresInSeconds: 1 });
    for (const server of servers) expect((await execute(server.url, secret)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const server of servers) expect((await execute(server.url, secret)).status).toBe(401);
  }, 30_000);
});
