import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import type { AnyTool } from "../../domain/tool.ts";
import { buildToolCore } from "../core/create-tool-core.ts";
import { callMessage, postMcp } from "../mcp/testing/mcp-fixtures.ts";
import { createNodeServer } from "../http/node-server.ts";
import { openMemoryStorage } from "../storage/open-storage.ts";
import { FixedClock } from "../system.ts";
import { DeferredRunner } from "../tools/deferred-runner.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { ProcessPoolToolRunner } from "../tools/process-pool.ts";
import fixtures from "../tools/process-pool.fixture.ts";
import { startCatalogServer } from "../tools/testing/catalog-server.ts";
import { createMetrics, REQUEST_DURATION_BOUNDS } from "./metrics.ts";
import { histogramOf, type Scrape, scrape, valueOf } from "./testing/scrape.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
const NEVER_MS = 120_000;

/** Exposition of a registry, read back as a scraper reads it. */
async function read(metrics: ReturnType<typeof createMetrics>): Promise<Scrape> {
  const text = await metrics.registry.metrics();
  return { status: 200, contentType: metrics.registry.contentType, text, families: (await import("parse-prometheus-text-format")).default(text) };
}

describe("the request histogram", () => {
  it("counts each duration in every bucket whose bound it does not exceed (bounds inclusive), with its sum", async () => {
    const metrics = createMetrics({ isTool: () => true });
    const seconds = [0, 0.005, 0.0051, 0.3, 0.75, 9.99, 10, 10.01, 400];
    for (const value of seconds) metrics.observeRequest("GET", "/api/v1/tools/:slug", 200, value);
    const [series] = histogramOf(await read(metrics), "http_server_request_duration_seconds", { route: "/api/v1/tools/{slug}" });
    for (const bound of REQUEST_DURATION_BOUNDS) expect(series.buckets[String(bound)], `le=${bound}`).toBe(seconds.filter((s) => s <= bound).length);
    expect([series.buckets["+Inf"], series.count]).toEqual([seconds.length, seconds.length]);
    expect(series.sum).toBeCloseTo(seconds.reduce((sum, s) => sum + s, 0), 9);
  });

  it("keeps one registry per app: two in one process count apart, and neither uses prom-client's global one", async () => {
    const [one, two] = [createMetrics({ isTool: () => true }), createMetrics({ isTool: () => true })];
    one.observeRequest("POST", "/api/v1/execute/:tool", 200, 0.01);
    one.observeRequest("POST", "/api/v1/execute/:tool", 200, 0.01);
    two.observeRequest("POST", "/api/v1/execute/:tool", 200, 0.01);
    const count = async (metrics: typeof one) => histogramOf(await read(metrics), "http_server_request_duration_seconds", {})[0].count;
    expect([await count(one), await count(two)]).toEqual([2, 1]);
    const { register } = await import("prom-client");
    expect(await register.getSingleMetric("http_server_request_duration_seconds")).toBeUndefined();
  });

  it("opens no series for tool ids outside the served set: every unknown id shares (unknown)", async () => {
    const metrics = createMetrics({ isTool: (id) => id === "hash-text" });
    for (let i = 0; i < 50; i++) metrics.countToolExecution(`made-up-${i}`, 404, 0.001);
    metrics.countToolExecution("hash-text", 200, 0.002);
    const scraped = await read(metrics);
    const tools = new Set(scraped.families.find((family) => family.name === "tool_executions_total")?.metrics.map((sample) => sample.labels?.tool));
    expect([...tools].sort()).toEqual(["(unknown)", "hash-text"]);
    expect(valueOf(scraped, "tool_executions_total", { tool: "(unknown)", outcome: "clientError" })).toBe(50);
  });
});

describe("storage_errors_total", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("counts each request answered 503 because storage failed, by route template; other answers count none", async () => {
    const clock = new FixedClock(Date.UTC(2026, 0, 1));
    const storage = openMemoryStorage(clock);
    let down = false;
    const keys = Object.create(storage.keys) as typeof storage.keys;
    keys.findByHash = (hash) => (down ? Promise.reject(new StorageUnavailableError("test outage")) : storage.keys.findByHash(hash));
    const core = buildToolCore({ storage: { ...storage, keys }, clock, runner: new InlineToolRunner(), tools: [hashText] });
    const { secret } = await core.keys.create({ name: "storage" });
    const metrics = createMetrics({ isTool: (id) => core.services.catalog.find(id) !== undefined });
    server = createNodeServer(core, { metrics: { token: TOKEN, metrics } }).server;
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const call = (path: string) => fetch(url + path, { method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: '{"input":{"algorithm":"md5","text":""}}' });
    const before = (await call("/api/v1/execute/hash-text")).status;
    down = true;
    const during = [(await call("/api/v1/execute/hash-text")).status, (await call("/api/v1/execute/hash-text")).status, (await call("/api/v1/tools/hash-text/execute")).status];
    expect([before, ...during]).toEqual([200, 503, 503, 503]);
    const scraped = await scrape(url, TOKEN);
    expect(valueOf(scraped, "storage_errors_total", { route: "/api/v1/execute/{tool}" })).toBe(2);
    expect(valueOf(scraped, "storage_errors_total", { route: "/api/v1/tools/{slug}/execute" })).toBe(1);
    expect(scraped.families.find((family) => family.name === "storage_errors_total")?.metrics).toHaveLength(2);
  });
});

describe("MCP tools/call", () => {
  it("counts each call as an execution by tool and outcome and as a rate-limit decision, its request under route /mcp", async () => {
    const server = await startCatalogServer({ env: { METRICS_TOKEN: TOKEN }, server: { runner: new InlineToolRunner() } });
    try {
      const calls = [callMessage("hash-text", { algorithm: "md5", text: "" }), callMessage("hash-text", { algorithm: "sha1", text: "" }), callMessage("no-such-tool-xyz", {})];
      for (const message of calls) expect((await postMcp(server.url, message, { "x-api-key": server.secret })).status).toBe(200);
      const scraped = await scrape(server.url, TOKEN);
      expect(valueOf(scraped, "tool_executions_total", { tool: "hash-text", outcome: "success" })).toBe(2);
      expect(valueOf(scraped, "tool_executions_total", { tool: "(unknown)", outcome: "clientError" })).toBe(1);
      expect(valueOf(scraped, "rate_limit_decisions_total", { decision: "allowed" })).toBe(3);
      expect(histogramOf(scraped, "http_server_request_duration_seconds", { method: "POST", route: "/mcp", status_code: "200" })[0]?.count).toBe(3);
    } finally {
      await server.close();
    }
  });
});

describe("the tool pool series", () => {
  it("read the pool at each scrape: capacity, idle, busy, queued, and a task past its cap as a timeout and a restart", async () => {
    const runner = new DeferredRunner(() => new ProcessPoolToolRunner({
      modules: [{ url: new URL("../tools/process-pool.fixture.ts", import.meta.url).href }],
      warm: false, concurrency: 1, spares: 0, maxQueue: 4, timeoutMsFor: () => 1_000, maxWaitMs: NEVER_MS, onError: () => {},
    }));
    const server = await startCatalogServer({ env: { METRICS_TOKEN: TOKEN }, server: { tools: fixtures.tools as AnyTool[], runner } });
    try {
      await server.poolReady();
      const pool = async () => {
        const scraped = await scrape(server.url, TOKEN);
        const names = ["capacity", "idle", "busy", "queued", "restarts_total", "timeouts_total", "refused_total"];
        return Object.fromEntries(names.map((name) => [name, valueOf(scraped, `tool_pool_${name}`)]));
      };
      expect(await pool()).toEqual({ capacity: 1, idle: 1, busy: 0, queued: 0, restarts_total: 0, timeouts_total: 0, refused_total: 0 });
      expect((await server.execute("sleep", { ms: 30_000 })).status).toBe(504);
      expect(await pool()).toMatchObject({ capacity: 1, busy: 0, queued: 0, restarts_total: 1, timeouts_total: 1, refused_total: 0 });
    } finally {
      await server.close();
    }
  }, 180_000);
});
