// The stores the bench's servers run on: a fresh embedded DATA_DIR each, or Redis under a key prefix of this run's own;
// both removed when the run ends, so a bench leaves nothing behind.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@keyv/redis";

/** The bench's servers serve /metrics (METRICS_TOKEN set), so every figure includes what metrics cost. */
export const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789";

/** The embedded stores' DATA_DIRs, removed when the bench exits (the request logs stay: the report names them). */
const dataDirs: string[] = [];
process.on("exit", () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The embedded store in a fresh DATA_DIR; `metrics: false` leaves METRICS_TOKEN unset (no registry is even built). */
export const embeddedEnv = (options: { metrics?: boolean } = {}): Record<string, string> => {
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  dataDirs.push(dir);
  return { DATA_DIR: dir, ...(options.metrics === false ? {} : { METRICS_TOKEN: BENCH_METRICS_TOKEN }) };
};

/** Every Redis key prefix of this run begins so; the Redis servers this run wrote to. */
const RUN_PREFIX = `bench-${process.pid}-`;
const redisUrls = new Set<string>();

let prefixes = 0;

/** Redis under a prefix of its own (one per call: servers started in the same millisecond share nothing). */
export const redisEnv = (redisUrl: string): Record<string, string> => {
  redisUrls.add(redisUrl);
  return { REDIS_URL: redisUrl, REDIS_PREFIX: `${RUN_PREFIX}${Date.now()}-${++prefixes}:`, METRICS_TOKEN: BENCH_METRICS_TOKEN };
};

/** Deletes this run's keys from every Redis it used, once its servers have stopped (as the embedded DATA_DIRs go). */
export async function removeRunKeys(): Promise<void> {
  for (const url of redisUrls) {
    const client = createClient({ url, socket: { reconnectStrategy: false } });
    client.on("error", () => {});
    // A Redis of the bench's own (the command count's) is gone with its keys once stopped.
    if (!(await client.connect().then(() => true, () => false))) continue;
    try {
      for await (const keys of client.scanIterator({ MATCH: `${RUN_PREFIX}*`, COUNT: 1000 })) if (keys.length > 0) await client.unlink(keys);
    } finally {
      client.destroy();
    }
  }
}
