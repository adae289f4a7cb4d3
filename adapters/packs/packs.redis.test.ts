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
}, 30_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  if (redisUrl) await deleteKeysUnder(redisUrl, prefix);
});

const reverse = async (url: string, secret: string) =>
  (await fetch(`${url}/api/v1/execute/example.reverse-text`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": secret }, body: JSON.stringify({ input: { text: "ab" } }) })).status;

describe.skipIf(!redisUrl)("pack enablement across two instances on Redis", () => {
  it("a disable on one instance refuses the workspace's key on the other within 1 s", async () => {
    const [a, b] = servers;
    const workspaceId = "ws_shared";
    const key = await a.container.get(TOKENS.createKey).execute({ name: "k", env: "development", workspaceId });
    if (!key.ok) throw new Error(key.error.message);
    const store = a.container.get(TOKENS.workspacePackStore);
    await store.enable(workspaceId, "example");
    expect(await reverse(b.url, key.value.secret)).toBe(200);
    await store.disable(workspaceId, "example");
    const start = performance.now();
    let status = 0;
    while (performance.now() - start < 1000 && (status = await reverse(b.url, key.value.secret)) !== 403) await new Promise((r) => setTimeout(r, 20));
    expect(status).toBe(403);
  }, 30_000);
});
