import { Agent } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSharedStore, type SharedStore } from "../events/testing/kill-fixture.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "../storage/testing/redis.ts";
import { runKeysCli, type ServerProcess, startServerProcess, waitUntil } from "../testing/process.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "../testing/rate-window.ts";
import { type Answer, count, ENTRY, execute, workersLogging } from "./testing/worker-requests.ts";

const redisUrl = await findTestRedis();
const METRICS_TOKEN = "workers-metrics-token-0123456789";

const backends = [
  { name: "LMDB", env: (): Record<string, string> => ({ DATA_DIR: mkdtempSync(join(tmpdir(), "workers-")) }) },
  { name: "Redis", skip: !redisUrl, env: (): Record<string, string> => ({ REDIS_URL: redisUrl ?? "", REDIS_PREFIX: uniquePrefix("workers") }) },
];

const workersAnswering = (server: ServerProcess, keyId: string, status: number) => workersLogging(server, (line) => line.keyId === keyId && line.status === status);

describe.each(backends)("WORKERS=2 on $name", ({ env: makeEnv, skip }) => {
  let env: Record<string, string>;
  let server: ServerProcess;
  let store: SharedStore;
  const newKey = async (limit: number) => {
    await clearOfWindowEnd();
    const made = await store.core.keys.create({ name: `k${limit}`, limit, windowSeconds: COUNTED_WINDOW_SECONDS });
    return { id: made.id, secret: made.secret };
  };

  beforeAll(async () => {
    if (skip) return;
    env = { ...makeEnv(), WORKERS: "2", METRICS_TOKEN };
    server = await startServerProcess(env, ENTRY);
    store = await openSharedStore(env);
  }, 120_000);
  afterAll(async () => {
    if (skip) return;
    server.child.kill("SIGKILL");
    await store.close();
    if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
    if (env.REDIS_PREFIX) await deleteKeysUnder(env.REDIS_URL, env.REDIS_PREFIX);
  });

  it.skipIf(skip)("allows exactly a key's limit of 1,000 concurrent requests spread over both workers, 5 runs out of 5", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    for (let run = 0; run < 5; run++) {
      const key = await newKey(100);
      const answers = await Promise.all(Array.from({ length: 1000 }, () => execute(server.url, key.secret, agent)));
      expect([count(answers, 200), count(answers, 429)], `run ${run + 1}`).toEqual([100, 900]);
      // Both workers counted on the one window: each refused some (which of them took the 100 units is the scheduler's).
      await waitUntil(async () => workersAnswering(server, key.id, 429).size === 2, 5_000);
    }
    agent.destroy();
  }, 120_000);

  it.skipIf(skip)("counts each call once in the key's usage, whichever worker answered it", async () => {
    const key = await newKey(10_000);
    const answers = await Promise.all(Array.from({ length: 300 }, () => execute(server.url, key.secret, false)));
    expect(count(answers, 200)).toBe(300);
    const calls = async () => {
      const answer = await fetch(`${server.url}/api/v1/usage`, { headers: { "x-api-key": key.secret } });
      return ((await answer.json()) as { data: { usage: { totals: { calls: number } } } }).data.usage.totals.calls;
    };
    // Counts reach the usage API within 10 s (each worker flushes at most every 5 s).
    await waitUntil(async () => (await calls()) >= 300, 15_000, 500);
    expect(await calls()).toBe(300);
    await waitUntil(async () => workersAnswering(server, key.id, 200).size === 2, 5_000);
  }, 60_000);

  it.skipIf(skip)("answers a /metrics scrape at any worker with every worker's series summed", async () => {
    const allowed = async () => {
      const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: "close" } });
      const text = await answer.text();
      expect(text).toMatch(/^tool_execution_api_build_info\{[^}]*\} 1$/m);
      return Number(/^rate_limit_decisions_total\{decision="allowed"\} (\d+)$/m.exec(text)?.[1]);
    };
    const before = await allowed();
    const key = await newKey(10_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => execute(server.url, key.secret, false)));
    expect(count(answers, 200)).toBe(50);
    await waitUntil(async () => workersAnswering(server, key.id, 200).size === 2, 5_000);
    for (let scrape = 0; scrape < 4; scrape++) expect(await allowed()).toBe(before + 50);
  }, 60_000);

  it.skipIf(skip)("refuses a key revoked by the CLI on the very next request at every worker, each on a new connection", async () => {
    const key = await newKey(10_000);
    const before = await Promise.all(Array.from({ length: 10 }, () => execute(server.url, key.secret, false)));
    expect(count(before, 200)).toBe(10);
    const revoked = await runKeysCli(["revoke", key.id], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    const after: Answer[] = [];
    for (let i = 0; i < 10; i++) after.push(await execute(server.url, key.secret, false));
    expect(after.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    // A refused key is not named in the log: only this test revokes one.
    await waitUntil(async () => workersLogging(server, (line) => line.status === 401 && line.authFailure === "revoked").size === 2, 5_000);
  }, 60_000);

  it.skipIf(skip)("answers the next requests when a worker is killed, and starts a replacement that serves", async () => {
    const started = () => [...server.output().matchAll(/"worker":(\d+),"pid":(\d+),"msg":"worker listening"/g)].map((match) => ({ id: Number(match[1]), pid: Number(match[2]) }));
    const [victim] = started();
    process.kill(victim.pid, "SIGKILL");
    await waitUntil(async () => server.output().includes(`"worker":${victim.id},"pid":${victim.pid},"code":null,"signal":"SIGKILL"`), 10_000);
    const key = await newKey(10_000);
    const next = await Promise.all(Array.from({ length: 20 }, () => execute(server.url, key.secret, false)));
    expect(count(next, 200)).toBe(20);
    await waitUntil(async () => started().length === 3, 60_000, 200);
    const replacement = started()[2];
    const later: Answer[] = [];
    for (let i = 0; i < 10; i++) later.push(await execute(server.url, key.secret, false));
    expect(count(later, 200)).toBe(10);
    await waitUntil(async () => workersAnswering(server, key.id, 200).has(replacement.id), 5_000);
  }, 90_000);

  it.skipIf(skip)("stops every worker on SIGTERM and exits 0", async () => {
    const pids = [...server.output().matchAll(/"pid":(\d+),"msg":"worker listening"/g)].map((match) => Number(match[1]));
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});

describe("WORKERS=2 in production without SMTP_URL or ENCRYPTION_KEY", () => {
  it("says each start warning once, from the primary, and not again when a worker is replaced", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "workers-"));
    const server = await startServerProcess({ DATA_DIR: dataDir, WORKERS: "2", APP_ENV: "production" }, ENTRY);
    try {
      const listening = () => [...server.output().matchAll(/"worker":(\d+),"pid":(\d+),"msg":"worker listening"/g)].map((match) => Number(match[2]));
      await waitUntil(async () => listening().length === 2, 60_000, 100);
      process.kill(listening()[0], "SIGKILL");
      await waitUntil(async () => listening().length === 3, 60_000, 100);
      const warnings = server.output().split("\n").filter((text) => text.includes('"level":40') && text.includes("is not set"));
      expect(warnings.map((text) => JSON.parse(text) as { worker?: number; msg: string })).toEqual([
        { level: 40, time: expect.any(Number), msg: expect.stringMatching(/^SMTP_URL is not set/) },
        { level: 40, time: expect.any(Number), msg: expect.stringMatching(/^ENCRYPTION_KEY is not set/) },
      ]);
    } finally {
      server.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
