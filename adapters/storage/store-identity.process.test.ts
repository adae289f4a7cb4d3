import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@keyv/redis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { TOKENS } from "../container.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { childEnv } from "../testing/child-env.ts";
import { built, startServerProcess } from "../testing/process.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { STORE_NAMESPACE } from "./store-identity.ts";
import { createKeyOn, execute, health, waitFor } from "./testing/instances.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "./testing/redis.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const redisUrl = await findTestRedis();
const RECOVERY = "tool-api store accept-restore";
// The guard checks every second; a loaded 2-core machine may take a few more to answer.
const NOTICED_WITHIN_MS = 5000;

/** `tool-api store …` in its own process, as an operator runs it, with `env` only. */
function runStoreCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [built("adapters/cli/tool-api"), "store", ...args], { cwd: ROOT, env: childEnv(env) }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }));
  });
}

/** Copies every key under `prefix` aside (Redis COPY keeps values and TTLs): a snapshot of this deployment alone. */
async function copyKeys(url: string, from: string, to: string, replaceAll: boolean): Promise<number> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on("error", () => {});
  await client.connect();
  try {
    if (replaceAll) await deleteKeysUnder(url, to);
    let copied = 0;
    for await (const keys of client.scanIterator({ MATCH: `${from}*`, COUNT: 500 })) {
      for (const key of keys) copied += Number(await client.sendCommand(["COPY", key, to + key.slice(from.length), "REPLACE"]));
    }
    return copied;
  } finally {
    client.destroy();
  }
}

const healthIs = (url: string, status: number) => () => health(url).then((answer) => answer.status === status);

describe.skipIf(!redisUrl)("a store that lost data, on Redis", () => {
  const url = redisUrl as string;
  const dirs: string[] = [];
  const prefixes: string[] = [];
  let running: RunningServer | undefined;

  const deployment = () => {
    const dataDir = mkdtempSync(join(tmpdir(), "store-lost-"));
    const prefix = uniquePrefix("lost");
    dirs.push(dataDir);
    prefixes.push(prefix);
    return { REDIS_URL: url, REDIS_PREFIX: prefix, DATA_DIR: dataDir, APP_ENV: "development" };
  };
  const start = async (env: Record<string, string>) => {
    let logged = "";
    const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env });
    if (!loaded.ok) throw new Error(loaded.error.join("; "));
    const logger = createLogger("info", { write: (line: string) => void (logged += line) });
    running = await startServer(loaded.value, { logger, tools: [hashText] });
    return { server: running, logged: () => logged };
  };

  afterEach(async () => {
    await running?.close();
    running = undefined;
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeysUnder(url, prefix);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("serves a fresh empty store at its first start and after a restart, with no alarm", async () => {
    const env = deployment();
    const first = await start(env);
    expect((await health(first.server.url)).status).toBe(200);
    await first.server.close();
    const second = await start(env);
    expect((await health(second.server.url)).status).toBe(200);
    expect(first.logged() + second.logged()).not.toContain("lost data");
  }, 60_000);

  it("answers 503 (health 503) within a second, not 200, for a key revoked after the snapshot Redis was restored from, until accept-restore", async () => {
    const env = deployment();
    const { server, logged } = await start(env);
    const key = await createKeyOn(server, 1000, 3600);
    expect((await execute(server.url, key.secret)).status).toBe(200);
    const snapshot = uniquePrefix("snapshot");
    prefixes.push(snapshot);
    expect(await copyKeys(url, env.REDIS_PREFIX, snapshot, true)).toBeGreaterThan(0);
    expect((await server.container.get(TOKENS.revokeKey).execute({ id: key.id })).ok).toBe(true);
    expect((await execute(server.url, key.secret)).status).toBe(401);

    await deleteKeysUnder(url, env.REDIS_PREFIX);
    await copyKeys(url, snapshot, env.REDIS_PREFIX, false);
    await waitFor(healthIs(server.url, 503), NOTICED_WITHIN_MS);
    expect(await execute(server.url, key.secret)).toMatchObject({ status: 503, errorCode: "service_unavailable" });
    const probe = (await (await fetch(`${server.url}/api/v1/health`)).json()) as { message: string };
    expect(probe.message).toContain(RECOVERY);
    expect(logged()).toContain(RECOVERY);
    expect(logged()).toContain("marker went back");

    const accepted = await runStoreCli(["accept-restore"], env);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toMatch(/Accepted the store as it is now: identity store_\S+ \(it replaces store_\S+ .*1 refusing server/);
    await waitFor(healthIs(server.url, 200), NOTICED_WITHIN_MS);
    // One line for the refusal, however long it lasted: the outbox and usage loops meeting it every second stay quiet.
    expect(logged().match(/storage lost data/g)).toHaveLength(1);
    expect(logged()).not.toContain("unhandled error");
    // The operator accepted the store as restored, revoked key included: the README says to revoke such keys again.
    expect((await execute(server.url, key.secret)).status).toBe(200);
  }, 60_000);

  it("refuses once Redis is emptied under a running server, and `store status` says so", async () => {
    const env = deployment();
    const { server } = await start(env);
    const key = await createKeyOn(server, 1000, 3600);
    await deleteKeysUnder(url, env.REDIS_PREFIX);
    await waitFor(healthIs(server.url, 503), NOTICED_WITHIN_MS);
    expect((await execute(server.url, key.secret)).status).toBe(503);
    const status = await runStoreCli(["status"], env);
    expect([status.code, status.stdout]).toEqual([1, expect.stringContaining("refused by 1 server")]);
    expect((await runStoreCli(["accept-restore"], env)).code).toBe(0);
    await waitFor(healthIs(server.url, 200), NOTICED_WITHIN_MS);
    expect((await execute(server.url, key.secret)).status).toBe(401);
  }, 60_000);

  it("refuses at start, in a new process, a Redis emptied while the server was down (DATA_DIR remembers it)", async () => {
    const env = deployment();
    const before = await startServerProcess(env);
    expect((await health(before.url)).status).toBe(200);
    before.child.kill("SIGTERM");
    expect(await before.exited).toBe(0);
    await deleteKeysUnder(url, env.REDIS_PREFIX);
    const after = await startServerProcess(env);
    try {
      expect((await health(after.url)).status).toBe(503);
      expect(after.output()).toContain(RECOVERY);
      expect((await runStoreCli(["accept-restore"], env)).code).toBe(0);
      await waitFor(healthIs(after.url, 200), NOTICED_WITHIN_MS);
    } finally {
      after.child.kill("SIGTERM");
      await after.exited;
    }
  }, 120_000);
});

describe("a store that lost data, embedded", () => {
  it("refuses once the identity record is gone from DATA_DIR, and serves again after accept-restore", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "store-lost-embedded-"));
    const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir });
    if (!loaded.ok) throw new Error(loaded.error.join("; "));
    const server = await startServer(loaded.value, { logger: createLogger("silent"), tools: [hashText] });
    try {
      expect((await health(server.url)).status).toBe(200);
      await server.storage.atomic(STORE_NAMESPACE).keyv.delete("identity");
      await waitFor(healthIs(server.url, 503), NOTICED_WITHIN_MS);
      const accepted = await runStoreCli(["accept-restore"], { DATA_DIR: dataDir });
      expect(accepted.code, accepted.stderr).toBe(0);
      await waitFor(healthIs(server.url, 200), NOTICED_WITHIN_MS);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
