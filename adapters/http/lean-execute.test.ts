import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { mintCountedKey } from "../testing/rate-window.ts";

// Execute calls on plain paths are served on node:http's own objects (lean-execute.ts); the same call with a query
// string goes through h3's route. Each case is sent both ways and must be answered and logged alike.
const MAX = 2048;
let server: RunningServer;
let dir: string;
let good: string;
let spent: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lean-"));
  const config = loadConfig({ PORT: "0", DATA_DIR: dir, MAX_BODY_BYTES: String(MAX), LOG_LEVEL: "info" });
  if (!config.ok) throw new Error(config.error.join("; "));
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  server = await startServer(config.value, { logger, runner: new InlineToolRunner() });
  good = await mintKey(100_000);
  spent = await mintKey(1);
  await call("/api/v1/keys/current", { headers: { "x-api-key": spent }, method: "GET" });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function mintKey(limit: number): Promise<string> {
  return (await mintCountedKey(server.container, { name: "lean", limit })).secret;
}

interface Reply {
  readonly status: number;
  readonly reason: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** `late`: the body's rest follows 100 ms after its first bytes, so the server reads it as it streams in. */
function call(path: string, options: { headers?: Record<string, string>; body?: string; method?: string; chunked?: boolean; late?: boolean }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: options.method ?? "POST", headers: options.headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reason: res.statusMessage ?? "", headers: res.headers, body }));
    });
    req.on("error", reject);
    if (options.body !== undefined && (options.chunked || options.late)) {
      req.write(options.body.slice(0, 10));
      if (options.late) setTimeout(() => req.end(options.body?.slice(10)), 100);
      else req.end(options.body.slice(10));
    } else req.end(options.body);
  });
}

/** What must match between the two paths: the id, the date, the count left and the seconds to reset differ by nature. */
function comparable(reply: Reply): object {
  const { "x-request-id": id, date, ...headers } = reply.headers;
  for (const name of ["x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"]) if (headers[name] !== undefined) headers[name] = "(a number)";
  return { status: reply.status, reason: reply.reason, headers, body: reply.body, hasId: typeof id === "string" };
}

const json = { "content-type": "application/json" };
const hash = JSON.stringify({ input: { algorithm: "sha256", text: "hello" } });

const cases: [string, string, { headers?: Record<string, string>; body?: string; chunked?: boolean; late?: boolean }][] = [
  ["a good call", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: hash }],
  ["the alias by slug", "/api/v1/tools/hash-text/execute", { headers: { ...json, "x-api-key": "GOOD" }, body: hash }],
  ["a bearer key, chunked", "/api/v1/execute/hash-text", { headers: { ...json, authorization: "Bearer GOOD" }, body: hash, chunked: true }],
  ["no key", "/api/v1/execute/hash-text", { headers: json, body: hash }],
  ["a wrong key", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "tk_nothing" }, body: hash }],
  ["a spent key", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "SPENT" }, body: hash }],
  ["an unknown tool", "/api/v1/execute/no-such-tool", { headers: { ...json, "x-api-key": "GOOD" }, body: hash }],
  ["invalid input", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: JSON.stringify({ input: { algorithm: 7 } }) }],
  ["no input member", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: "{}" }],
  ["broken JSON", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: "{nope" }],
  ["an empty body", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: "" }],
  ["text/plain", "/api/v1/execute/hash-text", { headers: { "content-type": "text/plain", "x-api-key": "GOOD" }, body: hash }],
  ["a declared length over the limit", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: JSON.stringify({ input: { text: "z".repeat(2 * MAX) } }) }],
  ["a chunked body over the limit", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: JSON.stringify({ input: { text: "z".repeat(2 * MAX) } }), chunked: true }],
  // A body received whole before it is read is taken at once; one still arriving is read as it streams in.
  ["a good call, its body arriving late", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD", "content-length": String(Buffer.byteLength(hash)) }, body: hash, late: true }],
  ["broken JSON, chunked and late", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: "{nope, not JSON at all", chunked: true, late: true }],
  ["a chunked body over the limit, late", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD" }, body: JSON.stringify({ input: { text: "z".repeat(2 * MAX) } }), chunked: true, late: true }],
  ["a client's request id", "/api/v1/execute/hash-text", { headers: { ...json, "x-api-key": "GOOD", "x-request-id": "client-id-1" }, body: hash }],
];

describe("execute on node:http's own objects", () => {
  it.each(cases)("answers %s exactly as h3's route does, and logs it alike", async (_name, path, options) => {
    const secret = (value: string) => value.replace("GOOD", good).replace("SPENT", spent);
    const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name, secret(value)]));
    const sent = { ...options, headers };
    lines.length = 0;
    const lean = await call(path, sent);
    const viaH3 = await call(`${path}?via=h3`, sent);
    expect(comparable(lean)).toEqual(comparable(viaH3));
    if (headers["x-request-id"]) expect(lean.headers["x-request-id"]).toBe(headers["x-request-id"]);
    await new Promise((resolve) => setTimeout(resolve, 100)); // request lines are written in batches (logger.ts)
    const logged = lines.filter((line) => line.msg === "request").map(({ requestId, durationUs, time, ...rest }) => ({ ...rest, timed: typeof durationUs === "number" }));
    expect(logged).toHaveLength(2);
    expect(logged[0]).toEqual(logged[1]);
  });

  it("leaves other methods and paths to h3 (405, 404)", async () => {
    expect((await call("/api/v1/execute/hash-text", { method: "GET" })).status).toBe(405);
    expect((await call("/api/v1/execute/hash-text/extra", { headers: json, body: hash })).status).toBe(404);
  });
});
