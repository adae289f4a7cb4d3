import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../config.ts";
import { TOKENS } from "../../container.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../server.ts";
import { DeferredRunner } from "../deferred-runner.ts";
import type { PoolStats } from "../process-pool.ts";

/** A real server as `npm start` builds it (loadConfig, worker pool, embedded storage) plus one API key. */
export interface CatalogServer {
  readonly url: string;
  readonly secret: string;
  readonly running: RunningServer;
  /** Resolves once the server's tool process pool has every child started and warm. */
  poolReady(): Promise<void>;
  /** The server's tool process pool's stats (undefined before it opens). */
  poolStats(): PoolStats | undefined;
  /** POSTs a raw body (JSON text as given, so `__proto__` keys survive) with the key; resolves status and parsed body. */
  post(path: string, body: string, timeoutMs?: number): Promise<HttpAnswer>;
  /** POST /api/v1/execute/{id} with `{"input": input}`. */
  execute(id: string, input: unknown, path?: string): Promise<HttpAnswer>;
  close(): Promise<void>;
}

export interface HttpAnswer {
  readonly status: number;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  readonly body: any;
  readonly ms: number;
  /** Absent on answers a test makes up itself. */
  readonly headers?: Headers;
}

/** What a test may change: variables on top of the defaults below, and the server's tools or runner. */
export interface CatalogServerOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly server?: ServerOptions;
}

/** Boots startServer on 127.0.0.1:0 with a temp DATA_DIR, silent logs and a rate limit no test can spend. */
export async function startCatalogServer(options: CatalogServerOptions = {}): Promise<CatalogServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "catalog-"));
  // Only these variables: a REDIS_URL of the test machine must not switch the storage under the test.
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent", RATE_LIMIT: "1000000000/24h", ...options.env });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  const running = await startServer(loaded.value, options.server);
  const created = await running.container.get(TOKENS.createKey).execute({ name: "catalog-test", env: loaded.value.appEnv });
  if (!created.ok) throw new Error(created.error.message);
  const secret = created.value.secret;
  const runner = running.container.get(TOKENS.toolRunner);
  const post = async (path: string, body: string, timeoutMs = 60_000): Promise<HttpAnswer> => {
    const start = performance.now();
    const response = await fetch(running.url + path, {
      method: "POST",
      headers: { "x-api-key": secret, "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: parseOrText(text), ms: performance.now() - start, headers: response.headers };
  };
  return {
    url: running.url,
    secret,
    running,
    poolReady: () => (runner instanceof DeferredRunner ? runner.whenReady() : Promise.resolve()),
    poolStats: () => (runner instanceof DeferredRunner ? runner.stats() : undefined),
    post,
    execute: (id, input, path = `/api/v1/execute/${id}`) => post(path, JSON.stringify({ input })),
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the order of `items`. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
