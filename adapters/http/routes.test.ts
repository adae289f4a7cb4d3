import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openEmbeddedStorage } from "../storage/open-storage.ts";
import { FixedClock } from "../system.ts";
import { createTestApp } from "../testing/harness.ts";
import { clientOnlyTools } from "../tools/client-only/client-only-tools.ts";
import { hashText } from "../tools/crypto/hash-text.ts";

const tools = [hashText, ...clientOnlyTools];

describe("GET /api/v1/tools", () => {
  it("lists server and client-only tools with their input schemas", async () => {
    const { app } = createTestApp({ tools });
    const response = await app.request("/api/v1/tools");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("success");
    expect(body.data.tools).toHaveLength(8);
    expect(body.data.tools[0]).toEqual({
      id: "hash-text", name: "Hash Text", category: "crypto", description: hashText.description, clientOnly: false, inputSchema: hashText.input,
    });
    expect(body.data.tools.filter((tool: { clientOnly: boolean }) => tool.clientOnly)).toHaveLength(7);
  });
});

describe("GET /api/v1/tools/:tool", () => {
  it("returns one tool with both schemas and its examples", async () => {
    const { app } = createTestApp({ tools });
    const body = await (await app.request("/api/v1/tools/hash-text")).json();
    expect(body.data.tool.outputSchema).toEqual(hashText.output);
    expect(body.data.tool.examples[0]).toEqual({ title: hashText.examples[0].title, input: hashText.examples[0].input, output: hashText.examples[0].output });
  });

  it("answers 404 tool_not_found for an unknown id", async () => {
    const { app } = createTestApp({ tools });
    const response = await app.request("/api/v1/tools/unknown");
    expect(response.status).toBe(404);
    expect((await response.json()).error_code).toBe("tool_not_found");
  });
});

describe("unknown routes", () => {
  it.each(["/api/v1/nope", "/api/v1/execute", "/nope", "/api/v2/execute/hash-text"])("answers 404 not_found for %s whatever the key", async (path) => {
    const test = createTestApp({ tools });
    const key = await test.createKey();
    for (const headers of [{}, { "x-api-key": key.secret }, { "x-api-key": "bad" }] as Record<string, string>[]) {
      const response = await test.app.request(path, { method: "POST", headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ status: "error", code: 404, error_code: "not_found", message: "No route matches this path." });
    }
  });
});

describe("GET /api/v1/health", () => {
  it("answers 200 when storage answers", async () => {
    const { app } = createTestApp({ tools });
    const response = await app.request("/api/v1/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "success", code: 200, data: { status: "ok", storage: "ok" } });
  });

  it("answers 503 service_unavailable, and keys get 503 not 200, when the embedded store is gone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "health-"));
    const clock = new FixedClock(Date.UTC(2026, 0, 1));
    const test = createTestApp({ tools, storage: openEmbeddedStorage(dir, clock) });
    const key = await test.createKey();
    await test.closeCore();
    const health = await test.app.request("/api/v1/health");
    expect(health.status).toBe(503);
    expect((await health.json()).error_code).toBe("service_unavailable");
    await new Promise((resolve) => setTimeout(resolve, 600)); // past the key cache TTL
    const execute = await test.app.request("/api/v1/keys/current", { headers: { "x-api-key": key.secret } });
    expect(execute.status).toBe(503);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("X-Request-Id", () => {
  it("echoes a well-formed id and replaces a hostile one", async () => {
    const { app } = createTestApp({ tools });
    const echoed = await app.request("/api/v1/tools", { headers: { "x-request-id": "abc-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("abc-123");
    const replaced = await app.request("/api/v1/tools", { headers: { "x-request-id": "a b<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it("is present on errors and logged with the request", async () => {
    const { app, logs } = createTestApp({ tools });
    const response = await app.request("/api/v1/nope", { headers: { "x-request-id": "trace-1" } });
    expect(response.headers.get("x-request-id")).toBe("trace-1");
    const line = JSON.parse(logs.at(-1) as string);
    expect(line).toMatchObject({ requestId: "trace-1", method: "GET", path: "/api/v1/nope", status: 404, keyId: null, msg: "request" });
    expect(Number.isSafeInteger(line.durationUs) && line.durationUs >= 0).toBe(true);
  });
});
