import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server.ts";
import { openEmbeddedStorage } from "../../storage/open-storage.ts";
import { startInstances } from "../../storage/testing/instances.ts";
import { hasRedisServer, type PrivateRedis, startPrivateRedis } from "../../storage/testing/private-redis.ts";
import { findTestRedis, uniquePrefix } from "../../storage/testing/redis.ts";
import { FixedClock } from "../../system.ts";
import { createTestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";

const redisUrl = await findTestRedis();
const runnable = Boolean(redisUrl) && hasRedisServer();
if (!runnable && process.env.CI === "true") throw new Error("the liveness outage tests need redis-server on PATH");
/**
 * Readiness gives storage 2 s before it answers 503; liveness asks nothing, so it answers well within that even while
 * Redis hangs. The bound leaves room for a loaded machine and still fails a liveness that waits on storage.
 */
const LIVE_MS = 1500;

/** GET of one health route over the wire: status, body and time taken. */
async function probe(baseUrl: string, path: string): Promise<{ status: number; body: unknown; ms: number }> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}${path}`);
  const body: unknown = await response.json();
  return { status: response.status, body, ms: performance.now() - start };
}

describe("GET /api/v1/health/live on the embedded store", () => {
  it("answers 200 status ok while storage is closed, when GET /api/v1/health answers 503", async () => {
    const dir = mkdtempSync(join(tmpdir(), "live-"));
    try {
      const test = createTestApp({ tools: [hashText], storage: openEmbeddedStorage(dir, new FixedClock(Date.UTC(2026, 0, 1))) });
      expect((await test.app.request("/api/v1/health")).status).toBe(200);
      await test.closeCore();
      const ready = await test.app.request("/api/v1/health");
      expect(ready.status).toBe(503);
      expect((await ready.json()).error_code).toBe("service_unavailable");
      const live = await test.app.request("/api/v1/health/live");
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: "success", code: 200, data: { status: "ok" } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!runnable)("GET /api/v1/health/live on a server whose Redis fails (private redis-server)", () => {
  let redis: PrivateRedis;
  let server: RunningServer;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    [server] = await startInstances(redis.url, uniquePrefix("live"), 1);
  });
  afterAll(async () => {
    await server?.close();
    await redis?.dispose();
  });

  it("answers 200 while Redis is killed, as readiness answers 503, and both 200 once Redis is back", async () => {
    expect((await probe(server.url, "/api/v1/health")).status).toBe(200);
    // An outage, not a loss: Redis comes back with its data (one back empty is a store that lost data, refused).
    await new Promise<void>((resolve, reject) => execFile("redis-cli", ["-p", String(redis.port), "SAVE"], (error) => (error ? reject(error) : resolve())));
    await redis.kill();
    expect((await probe(server.url, "/api/v1/health")).status).toBe(503);
    const live = await probe(server.url, "/api/v1/health/live");
    expect(live).toMatchObject({ status: 200, body: { status: "success", data: { status: "ok" } } });
    await redis.start();
    await expect.poll(async () => (await probe(server.url, "/api/v1/health")).status, { timeout: 20_000, interval: 100 }).toBe(200);
    expect((await probe(server.url, "/api/v1/health/live")).status).toBe(200);
  }, 40_000);

  it("answers 200 at once while Redis hangs on an open socket (SIGSTOP), as readiness answers 503", async () => {
    redis.pause();
    try {
      const [ready, live] = await Promise.all([probe(server.url, "/api/v1/health"), probe(server.url, "/api/v1/health/live")]);
      expect(ready.status).toBe(503);
      expect(live.status).toBe(200);
      expect(live.ms).toBeLessThan(LIVE_MS);
    } finally {
      redis.resume();
    }
  }, 20_000);
});
