import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../container.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "../storage/testing/redis.ts";
import { loadPacks } from "./load-packs.ts";

const redisUrl = await findTestRedis();
const prefix = uniquePrefix("packs-instances");
let servers: RunningServer[] = [];

beforeAll(async () => {
  if (!redisUrl) return;
  const packs = await loadPacks(["./examples/tool-pack"]);
  for (let i = 0; i < 2; i++) {
    servers.push(await startServer(redisConfig(redisUrl, prefix), { logger: createLogger("silent"), packs }));
  }
  // Two full servers: about 30 s on a loaded 2-core machine, so room to spare.
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  if (redisUrl) await deleteKeysUnder(redisUrl, prefix);
});

const reverse = async (url: string, secret: string) =>
  (await fetch(`${url}/api/v1/execute/example.reverse-text`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": secret }, body: JSON.stringify({ input: { text: "ab" } }) })).status;

describe.skipIf(!redisUrl)("pack enablement across two instances on Redis", () => {
  // The pack list has no cache in front (it is read on every call): the other instance's next request is refused, an
  // assertion no load can make late, which a cache of the list (the bug) fails.
  it("a disable on one instance refuses the workspace's key on the other from its next request", async () => {
    const [a, b] = servers;
    const workspaceId = "ws_shared";
    const key = await a.container.get(TOKENS.createKey).execute({ name: "k", env: "development", workspaceId });
    if (!key.ok) throw new Error(key.error.message);
    const store = a.container.get(TOKENS.workspacePackStore);
    await store.enable(workspaceId, "example");
    expect(await reverse(b.url, key.value.secret)).toBe(200);
    await store.disable(workspaceId, "example");
    expect(await reverse(b.url, key.value.secret)).toBe(403);
  }, 30_000);
});
