import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { createToolCore, type ToolCore } from "../../core/create-tool-core.ts";
import { SystemClock } from "../../system.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "../testing/redis.ts";
import { keyCounterName } from "./key-counter-name.ts";
import { type CommandMonitor, monitorCommands } from "./testing/command-monitor.ts";
import { mintCountedKey } from "../../testing/rate-window.ts";

const redisUrl = await findTestRedis();
const INPUT = { algorithm: "sha256", text: "hello" };

// One core on the shared Redis, under a prefix of this file alone: MONITOR counts only commands naming it. The core
// records no usage and sends no events, so nothing but the calls below talks to Redis under the prefix.
describe.skipIf(!redisUrl)("an execute call on Redis", () => {
  const url = redisUrl as string;
  const prefix = uniquePrefix("round-trips");
  let core: ToolCore;
  let monitor: CommandMonitor;

  beforeAll(async () => {
    const storage = await openTestRedis(redisConfig(url, prefix), new SystemClock());
    core = await createToolCore({ storage, tools: [hashText], recordUsage: false, events: { dispatch: false } });
    monitor = await monitorCommands([url], prefix);
  });
  afterAll(async () => {
    await monitor?.close();
    await core?.close();
    await deleteKeysUnder(url, prefix);
  });

  // Counting tests take the default, a day's window started clear of its end: no window refills the key meanwhile.
  const createKey = async (limit: number, windowSeconds?: number) => {
    const created = await mintCountedKey(core.services.container, { name: "round-trips", limit, windowSeconds });
    return { id: created.key.id, secret: created.secret };
  };
  const execute = (secret: string) => core.execute({ secret, toolId: "hash-text", input: INPUT });

  it("sends one command per sequential execute once the key is known (the record read and the unit taken in one script)", async () => {
    const key = await createKey(1000);
    expect((await execute(key.secret)).status).toBe(200);
    await monitor.clear();
    for (let i = 0; i < 5; i++) expect((await execute(key.secret)).status).toBe(200);
    expect(await monitor.settle()).toEqual(Array(5).fill("evalsha"));
  });

  it("sends at most one command per execute for concurrent ones, each counted on its own", async () => {
    const key = await createKey(1000);
    expect((await execute(key.secret)).status).toBe(200);
    await monitor.clear();
    const answers = await Promise.all(Array.from({ length: 20 }, () => execute(key.secret)));
    const commands = await monitor.settle();
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.length).toBeLessThanOrEqual(20);
    expect(new Set(commands)).toEqual(new Set(["evalsha"]));
    const remaining = answers.map((answer) => Number(answer.headers["x-ratelimit-remaining"])).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => 998 - i));
  });

  it("lets exactly the limit through of concurrent executes of one key", async () => {
    const key = await createKey(10);
    const answers = await Promise.all(Array.from({ length: 30 }, () => execute(key.secret)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20);
  });

  it("refuses a key revoked through another path at its next execute (the record is read by every script)", async () => {
    const key = await createKey(1000);
    expect((await execute(key.secret)).status).toBe(200);
    await core.services.container.get(TOKENS.revokeKey).execute({ id: key.id });
    expect((await execute(key.secret)).status).toBe(401);
  });

  it("counts an MCP admission and an execute of one key on one counter", async () => {
    const key = await createKey(4);
    const stored = await core.services.storage.keys.findById(key.id);
    if (!stored) throw new Error("the key was not stored");
    const { toolCall } = core.services;
    expect((await execute(key.secret)).status).toBe(200);
    expect((await toolCall.admit(stored)).ok).toBe(true);
    expect((await execute(key.secret)).status).toBe(200);
    expect((await toolCall.admit(stored)).ok).toBe(true);
    expect((await execute(key.secret)).status).toBe(429);
    expect((await toolCall.admit(stored)).ok).toBe(false);
  });

  it("stores a key's record in the shape the script decodes (Keyv's entry: the key under value, its policy inside)", async () => {
    const key = await createKey(7, 120);
    const { createClient } = await import("@keyv/redis");
    const client = createClient({ url });
    await client.connect();
    try {
      const raw = await client.get(`${prefix}apikeys:${key.id}`);
      expect(JSON.parse(raw ?? "null")).toMatchObject({ value: { id: key.id, status: "active", secretHash: expect.any(String), policy: { limit: 7, windowMs: 120_000 } } });
    } finally {
      client.destroy();
    }
  });

  it("takes the unit in the window of the key's current policy, read from its record by the script", async () => {
    const key = await createKey(1000, 3600);
    const counter = keyCounterName(`${prefix}apikeys:${key.id}`, `${prefix}ratelimit:`, key.id) as string;
    const { createClient } = await import("@keyv/redis");
    const client = createClient({ url });
    await client.connect();
    try {
      expect((await execute(key.secret)).status).toBe(200);
      expect(await client.hGet(counter, "w")).toMatch(/:3600000$/);
      await core.services.container.get(TOKENS.updateKey).execute({ id: key.id, windowSeconds: 86_400 });
      expect((await execute(key.secret)).status).toBe(200);
      expect(await client.hGet(counter, "w")).toMatch(/:86400000$/);
      expect(await client.hGet(counter, "c")).toBe("1");
    } finally {
      client.destroy();
    }
  });

  it("spends no unit of the key for a secret rotated away (refused 401)", async () => {
    const key = await createKey(2);
    const rotated = await core.services.container.get(TOKENS.rotateKey).execute({ id: key.id, graceSeconds: 0 });
    if (!rotated.ok) throw new Error(rotated.error.message);
    for (let i = 0; i < 3; i++) expect((await execute(key.secret)).status).toBe(401);
    expect([(await execute(rotated.value.secret)).status, (await execute(rotated.value.secret)).status]).toEqual([200, 200]);
  });
});
