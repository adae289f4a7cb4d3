// GET /metrics on a real server (startServer on 127.0.0.1): build info, the per-tool duration histogram, and what
// requests with every method node:http accepts leave in the request histogram.
import { METHODS, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LATENCY_BOUNDS_MS } from "../../../domain/usage.ts";
import { callMessage, postMcp } from "../../mcp/testing/mcp-fixtures.ts";
import { KNOWN_METHODS, OTHER_METHOD } from "../../metrics/metrics.ts";
import { histogramOf, samplesOf, scrape, valueOf } from "../../metrics/testing/scrape.ts";
import { packageVersion } from "../../package-version.ts";
import { InlineToolRunner } from "../../tools/inline-tool-runner.ts";
import { type CatalogServer, startCatalogServer } from "../../tools/testing/catalog-server.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
const REQUESTS = "http_server_request_duration_seconds";
const TOOL_DURATION = "tool_execution_duration_seconds";
/** A route a key calls, a public one, a dashboard page, /metrics itself and a path no route matches. */
const PATHS = ["/api/v1/execute/hash-text", "/api/v1/tools", "/dashboard/keys", "/metrics", "/no-such-path"];
/** CONNECT opens a tunnel (node:http hands it to a `connect` listener, not to the app), so it is not sent here. */
const SENT_METHODS = METHODS.filter((method) => method !== "CONNECT");

let server: CatalogServer;
beforeAll(async () => {
  server = await startCatalogServer({ env: { METRICS_TOKEN: TOKEN }, server: { runner: new InlineToolRunner() } });
}, 120_000);
afterAll(() => server?.close());

/** One request with `method` over node:http (fetch refuses most of these methods); resolves its status. */
function send(method: string, path: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const sent = request({ host: hostname, port, method, path, agent: false }, (answer) => {
      answer.resume();
      answer.once("end", () => resolve(answer.statusCode ?? 0));
    });
    sent.once("error", reject);
    sent.end();
  });
}

describe("tool_execution_api_build_info", () => {
  it("is one series of value 1 naming the package version and the Node.js version", async () => {
    const scraped = await scrape(server.url, TOKEN);
    const samples = samplesOf(scraped, "tool_execution_api_build_info");
    expect(samples).toHaveLength(1);
    expect(samples[0].labels).toEqual({ version: packageVersion(), node_version: process.version });
    expect(Number(samples[0].value)).toBe(1);
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("tool_execution_duration_seconds", () => {
  it("times every execute call of a valid key, REST and MCP, by tool in the usage buckets; a made-up id is (unknown)", async () => {
    const before = await scrape(server.url, TOKEN);
    const countOf = (scraped: typeof before, tool: string) => histogramOf(scraped, TOOL_DURATION, { tool })[0]?.count ?? 0;
    const hash = { algorithm: "sha256", text: "abc" };
    const statuses = [
      (await server.execute("hash-text", hash)).status, (await server.execute("hash-text", hash, "/api/v1/tools/hash-text/execute")).status,
      (await server.execute("hash-text", { algorithm: "nope", text: "abc" })).status, (await server.execute("no-such-tool-xyz", hash)).status,
      (await postMcp(server.url, callMessage("hash-text", hash), { "x-api-key": server.secret })).status,
    ];
    expect(statuses).toEqual([200, 200, 422, 404, 200]);
    const after = await scrape(server.url, TOKEN);
    expect(after.families.find((family) => family.name === TOOL_DURATION)?.type).toBe("HISTOGRAM");
    expect([countOf(after, "hash-text") - countOf(before, "hash-text"), countOf(after, "(unknown)") - countOf(before, "(unknown)")]).toEqual([4, 1]);
    const [series] = histogramOf(after, TOOL_DURATION, { tool: "hash-text" });
    const bounds = [...LATENCY_BOUNDS_MS.map((ms) => String(ms / 1000)), "+Inf"];
    expect(Object.keys(series.buckets).sort()).toEqual([...bounds].sort());
    const cumulative = bounds.map((bound) => series.buckets[bound]);
    expect(cumulative).toEqual([...cumulative].sort((a, b) => a - b));
    expect(series.buckets["+Inf"]).toBe(series.count);
    expect(series.sum).toBeGreaterThan(0);
    const executions = ["success", "clientError", "rateLimited", "serverError"].map((outcome) => valueOf(after, "tool_executions_total", { tool: "hash-text", outcome }) ?? 0);
    expect(executions.reduce((sum, count) => sum + count, 0)).toBe(series.count);
    expect(histogramOf(after, TOOL_DURATION, {}).map((one) => Object.keys(one.labels))).toEqual(histogramOf(after, TOOL_DURATION, {}).map(() => ["tool"]));
    expect(after.text).not.toContain("no-such-tool-xyz");
  });
});

describe("the request histogram's method label", () => {
  it("keeps the standard methods and counts every other method node:http accepts as _OTHER: a bounded number of series", async () => {
    for (const path of PATHS) for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE"]) await send(method, path);
    const standard = await scrape(server.url, TOKEN);
    const seriesOf = (scraped: typeof standard) => histogramOf(scraped, REQUESTS, {});
    for (const path of PATHS) for (const method of SENT_METHODS) expect([404, 405, 401, 400, 200, 415, 303]).toContain(await send(method, path));
    const all = await scrape(server.url, TOKEN);
    const methods = new Set(seriesOf(all).map((series) => series.labels.method));
    expect([...methods].filter((method) => method !== OTHER_METHOD && !KNOWN_METHODS.has(method))).toEqual([]);
    expect(methods.has(OTHER_METHOD)).toBe(true);
    const other = seriesOf(all).filter((series) => series.labels.method === OTHER_METHOD);
    const oddCount = SENT_METHODS.filter((method) => !KNOWN_METHODS.has(method)).length;
    expect(oddCount).toBeGreaterThan(20);
    // Each path gives _OTHER one series per status it answers; every odd method request is counted in them.
    expect(other.length).toBeLessThanOrEqual(PATHS.length * 2);
    expect(other.reduce((sum, series) => sum + series.count, 0)).toBe(oddCount * PATHS.length);
    expect(seriesOf(all).length - seriesOf(standard).length).toBe(other.length);
    for (const method of ["PROPFIND", "MKCOL", "PURGE", "LINK", "M-SEARCH"]) expect(all.text).not.toContain(`method="${method}"`);
    expect(all.text.length).toBeLessThan(3 * standard.text.length);
  }, 120_000);
});
