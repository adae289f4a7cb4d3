// GET /metrics on a real server (startServer on 127.0.0.1, as npm start builds it), read by a Prometheus text parser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { histogramOf, type Scrape, scrape, valueOf } from "../../metrics/testing/scrape.ts";
import { mintCountedKey } from "../../testing/rate-window.ts";
import { InlineToolRunner } from "../../tools/inline-tool-runner.ts";
import { type CatalogServer, startCatalogServer } from "../../tools/testing/catalog-server.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
const EXECUTE = "/api/v1/execute/{tool}";

/** What each request of the script below should leave in the metrics, counted by hand. */
const EXPECTED_REQUESTS: readonly [method: string, route: string, status: string, count: number][] = [
  ["POST", EXECUTE, "200", 4], // three with the main key, the spent key's one allowed call
  ["POST", EXECUTE, "422", 1],
  ["POST", EXECUTE, "404", 1], // a tool id that names no tool
  ["POST", EXECUTE, "401", 2],
  ["POST", EXECUTE, "429", 1],
  ["POST", "/api/v1/tools/{slug}/execute", "200", 1],
  ["GET", "/api/v1/keys/current", "200", 1],
  ["GET", "/api/v1/tools/{slug}", "200", 1],
  ["GET", "unmatched", "404", 1],
];

describe("GET /metrics with METRICS_TOKEN set", () => {
  let server: CatalogServer;
  let keys: { id: string; secret: string }[];
  let scraped: Scrape;

  beforeAll(async () => {
    server = await startCatalogServer({ env: { METRICS_TOKEN: TOKEN }, server: { runner: new InlineToolRunner() } });
    const created = await mintCountedKey(server.running.container, { name: "spent", limit: 1 });
    keys = [{ id: (await server.running.core.keys.list()).find((key) => key.name === "catalog-test")?.id ?? "", secret: server.secret },
      { id: created.key.id, secret: created.secret }];
    await playScript(server, keys[1].secret);
    scraped = await scrape(server.url, TOKEN);
  }, 300_000);
  afterAll(() => server?.close());

  it("answers the Prometheus text format 0.0.4 that a parser reads, with prom-client's process metrics", () => {
    expect(scraped.status).toBe(200);
    expect(scraped.contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    const names = scraped.families.map((family) => family.name);
    expect(names).toEqual(expect.arrayContaining(["process_cpu_user_seconds_total", "process_resident_memory_bytes", "nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes"]));
    expect(scraped.families.find((family) => family.name === "http_server_request_duration_seconds")?.type).toBe("HISTOGRAM");
  });

  it("times every request by method, route template and status; a path no route matches is `unmatched`", () => {
    for (const [method, route, status, count] of EXPECTED_REQUESTS) {
      const [series, ...others] = histogramOf(scraped, "http_server_request_duration_seconds", { method, route, status_code: status });
      expect(others, `${method} ${route} ${status}`).toEqual([]);
      expect(series?.count, `${method} ${route} ${status}`).toBe(count);
      expect(series?.buckets["+Inf"]).toBe(count);
      expect(series?.sum).toBeGreaterThan(0);
    }
    const routes = new Set(histogramOf(scraped, "http_server_request_duration_seconds", {}).map((series) => series.labels.route));
    for (const route of routes) expect(route === "unmatched" || route === "/metrics" || /^\/api\/v1\/[a-z/]*(\{\w+\}[a-z/]*)*$/.test(route)).toBe(true);
    expect(scraped.text).not.toContain("secret-path-123");
  });

  it("counts execute calls of valid keys by served tool and outcome; a made-up tool id is counted as (unknown)", () => {
    const executions = (tool: string, outcome: string) => valueOf(scraped, "tool_executions_total", { tool, outcome });
    expect([executions("hash-text", "success"), executions("hash-text", "clientError"), executions("hash-text", "rateLimited")]).toEqual([5, 1, 1]);
    expect(executions("hash-text", "serverError")).toBe(0);
    expect(executions("(unknown)", "clientError")).toBe(1);
    expect(scraped.text).not.toContain("no-such-tool-xyz");
  });

  it("counts one rate-limit decision per unit a valid key asked for: allowed, then limited once spent; a bad key takes none", () => {
    expect(valueOf(scraped, "rate_limit_decisions_total", { decision: "allowed" })).toBe(8);
    expect(valueOf(scraped, "rate_limit_decisions_total", { decision: "limited" })).toBe(1);
  });

  it("holds no key id or secret anywhere in the body", () => {
    expect(keys.every((key) => key.id.startsWith("key_") && key.secret.length > 20)).toBe(true);
    for (const { id, secret } of keys) {
      expect(scraped.text).not.toContain(id);
      expect(scraped.text).not.toContain(secret);
      expect(scraped.text).not.toContain(secret.slice(-16));
    }
  });

  it("answers 401 unauthorized with WWW-Authenticate to no token, a wrong one, a prefix of it, or it sent as X-API-Key", async () => {
    const attempts: Record<string, string>[] = [
      {}, { authorization: "Bearer wrong-token-0123456789abcdef" }, { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${TOKEN}` }, { "x-api-key": TOKEN },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.json()).toMatchObject({ status: "error", code: 401, error_code: "unauthorized" });
    }
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("answers 404 not_found, the contract's envelope, whatever token is sent", async () => {
    const server = await startCatalogServer({ server: { runner: new InlineToolRunner() } });
    try {
      const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ status: "error", code: 404, error_code: "not_found" });
    } finally {
      await server.close();
    }
  });
});

describe("METRICS_TOKEN", () => {
  const config = (token: string | undefined) => loadConfig({ METRICS_TOKEN: token });
  it("is off when unset or empty, and is read as given when 16 to 256 visible characters", () => {
    expect([config(undefined), config("")].map((loaded) => loaded.ok && loaded.value.metricsToken)).toEqual([undefined, undefined]);
    expect(config(TOKEN)).toMatchObject({ ok: true, value: { metricsToken: TOKEN } });
  });
  it.each([["too short", "short-token"], ["with a space", "metrics token with spaces"], ["too long", "x".repeat(257)], ["not ASCII", "jeton-de-métriques-long"]])(
    "refuses a token %s at start",
    (_what, token) => {
      const loaded = config(token);
      expect(loaded.ok ? [] : loaded.error.map((problem) => problem.split("=")[0])).toEqual(["METRICS_TOKEN"]);
    },
  );
});

/** The requests EXPECTED_REQUESTS counts, sent one after the other. */
async function playScript(server: CatalogServer, spentSecret: string): Promise<void> {
  const hash = { algorithm: "sha256", text: "abc" };
  const post = (path: string, secret: string, input: unknown) =>
    fetch(server.url + path, { method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: JSON.stringify({ input }) });
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) statuses.push((await server.execute("hash-text", hash)).status);
  statuses.push((await server.execute("hash-text", { algorithm: "nope", text: "abc" })).status);
  statuses.push((await server.execute("no-such-tool-xyz", hash)).status);
  const badKey = server.secret.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  for (let i = 0; i < 2; i++) statuses.push((await post("/api/v1/execute/hash-text", badKey, hash)).status);
  statuses.push((await post("/api/v1/execute/hash-text", spentSecret, hash)).status, (await post("/api/v1/execute/hash-text", spentSecret, hash)).status);
  statuses.push((await server.execute("hash-text", hash, "/api/v1/tools/hash-text/execute")).status);
  statuses.push((await fetch(`${server.url}/api/v1/keys/current`, { headers: { "x-api-key": server.secret } })).status);
  statuses.push((await fetch(`${server.url}/api/v1/tools/hash-text`)).status, (await fetch(`${server.url}/api/v1/secret-path-123`)).status);
  expect(statuses).toEqual([200, 200, 200, 422, 404, 401, 401, 200, 429, 200, 200, 200, 404]);
}
