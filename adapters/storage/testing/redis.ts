import { randomBytes } from "node:crypto";
import { createClient } from "@keyv/redis";
import type { Clock } from "../../../application/ports.ts";
import { type Config, loadConfig } from "../../config.ts";
import type { Storage } from "../storage.ts";
import { openRedisWith } from "../redis/redis-storage.ts";
import { STORE_TEST_DEADLINE_MS } from "./deadline.ts";

const DEFAULT_URL = "redis://127.0.0.1:6379";

/**
 * The Redis the tests run against: REDIS_URL, else 127.0.0.1:6379. There is no Docker here, so no
 * testcontainers fallback: with no Redis, a CI run (CI=true) fails loudly and a local run skips loudly.
 */
export async function findTestRedis(): Promise<string | undefined> {
  const url = process.env.REDIS_URL || DEFAULT_URL;
  if (await answersPing(url)) return url;
  const message = `no Redis answers at ${new URL(url).host} (set REDIS_URL or start redis-server; testcontainers is not used: no container runtime here)`;
  if (process.env.CI === "true") throw new Error(`Redis tests cannot run: ${message}`);
  console.warn(`\n*** SKIPPING Redis tests: ${message} ***\n`);
  return undefined;
}

/** True when a PING to `url` is answered within `timeoutMs` (5 s: a loaded CI machine must not skip the Redis tests). */
export async function answersPing(url: string, timeoutMs = 5000): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

/** A key prefix of this run alone, so runs sharing one Redis never see each other's keys. */
export function uniquePrefix(label = "test"): string {
  return `toolapi-${label}:${process.pid}-${randomBytes(4).toString("hex")}:`;
}

/** Deletes the keys under `prefix` and nothing else (never FLUSHALL/FLUSHDB: the server is shared). */
export async function deleteKeysUnder(url: string, prefix: string): Promise<number> {
  if (!/^toolapi-[\w.-]+:[\w.-]+:$/.test(prefix)) throw new Error(`refusing to delete under a non-test prefix: ${prefix}`);
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on("error", () => {});
  await client.connect();
  let deleted = 0;
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) deleted += await client.unlink(keys);
    }
  } finally {
    client.destroy();
  }
  return deleted;
}

/** The server's configuration for one Redis and prefix, as the environment would give it. */
export function redisConfig(url: string, prefix: string, env: Record<string, string> = {}): Config {
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", REDIS_URL: url, REDIS_PREFIX: prefix, ...env });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  return loaded.value;
}

/** A Redis storage for the stores' contract suites, its calls bounded by STORE_TEST_DEADLINE_MS, not the server's 1 s. */
export function openTestRedis(config: Config, clock: Clock): Promise<Storage> {
  return openRedisWith(config, clock, { deadlineMs: STORE_TEST_DEADLINE_MS });
}
