import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "../testing/rate-window.ts";
import { callMessage, connectHttp, initializeMessage, postMcp } from "./testing/mcp-fixtures.ts";

const ALLOWED = "https://agent.example";
let dir: string;
let running: RunningServer;
let url: string;

const keyWith = async (limit: number) => (await running.core.keys.create({ name: "mcp rules", limit, windowSeconds: COUNTED_WINDOW_SECONDS })).secret;
const listMessage = { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} };
const pingMessage = { jsonrpc: "2.0", id: 4, method: "ping" };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcp-rules-"));
  const loaded = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, MAX_BODY_BYTES: "4096", MCP_ALLOWED_ORIGINS: ALLOWED });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  running = await startServer(loaded.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
  url = running.url;
});
afterAll(async () => {
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("POST /mcp without a valid key", () => {
  it("answers 401 with the contract's one unauthorized body and WWW-Authenticate naming the resource metadata, for a missing or a wrong key", async () => {
    const rest = await (await fetch(`${url}/api/v1/keys/current`)).json();
    const refused: Record<string, string>[] = [{}, { authorization: "Bearer tk_dev_nope" }, { "x-api-key": "tk_dev_0000000000000000000000000000000000000" }];
    for (const headers of refused) {
      const response = await postMcp(url, initializeMessage, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${url}/.well-known/oauth-protected-resource/mcp"`);
      expect(await response.json()).toEqual(rest);
    }
    await expect(connectHttp(url)).rejects.toThrow();
  });

  it("answers 401 before reading the body: an oversized or non-JSON body learns nothing else", async () => {
    expect((await postMcp(url, "x".repeat(10_000))).status).toBe(401);
    expect((await fetch(`${url}/mcp`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hi" })).status).toBe(401);
  });
});

describe("POST /mcp transport rules", () => {
  it("answers GET and DELETE with 405 method_not_allowed and Allow: POST", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(`${url}/mcp`, { method, headers: { "x-api-key": await keyWith(10), accept: "text/event-stream" } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toMatchObject({ status: "error", code: 405, error_code: "method_not_allowed" });
    }
  });

  it("refuses an Origin outside MCP_ALLOWED_ORIGINS with 403 forbidden, and serves an allowed one or none", async () => {
    const secret = await keyWith(10);
    for (const origin of ["https://evil.example", "http://127.0.0.1", "null"]) {
      const response = await postMcp(url, initializeMessage, { "x-api-key": secret, origin });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ status: "error", code: 403, error_code: "forbidden" });
    }
    expect((await postMcp(url, initializeMessage, { "x-api-key": secret, origin: ALLOWED })).status).toBe(200);
    expect((await postMcp(url, initializeMessage, { "x-api-key": secret })).status).toBe(200);
  });

  it("applies the REST body rules: 413 over MAX_BODY_BYTES, 415 without JSON, 400 invalid_json", async () => {
    const secret = await keyWith(10);
    const big = callMessage("hash-text", { algorithm: "sha256", text: "x".repeat(5000) });
    const tooLarge = await postMcp(url, big, { "x-api-key": secret });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error_code).toBe("payload_too_large");
    const plain = await fetch(`${url}/mcp`, { method: "POST", headers: { "x-api-key": secret, "content-type": "text/plain" }, body: "{}" });
    expect(plain.status).toBe(415);
    const broken = await postMcp(url, "{", { "x-api-key": secret });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error_code).toBe("invalid_json");
  });
});

describe("rate limit on /mcp", () => {
  it("takes one unit per tools/call only, then answers 429 with Retry-After and X-Ratelimit-*", async () => {
    await clearOfWindowEnd();
    const secret = await keyWith(2);
    const key = { "x-api-key": secret };
    for (let round = 0; round < 3; round++) {
      for (const message of [initializeMessage, listMessage, pingMessage]) expect((await postMcp(url, message, key)).status).toBe(200);
    }
    const remaining: (string | null)[] = [];
    for (const id of [10, 11]) {
      const response = await postMcp(url, callMessage("hash-text", { algorithm: "sha256", text: "abc" }, id), key);
      expect(response.status).toBe(200);
      remaining.push(response.headers.get("x-ratelimit-remaining"));
    }
    expect(remaining).toEqual(["1", "0"]);
    const spent = await postMcp(url, callMessage("hash-text", { algorithm: "sha256", text: "abc" }, 12), key);
    expect(spent.status).toBe(429);
    expect(await spent.json()).toMatchObject({ status: "error", code: 429, error_code: "rate_limited" });
    const retryAfter = Number(spent.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(COUNTED_WINDOW_SECONDS);
    expect(spent.headers.get("x-ratelimit-limit")).toBe("2");
    expect(spent.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(spent.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    // Listing is still served: it is authenticated, not counted.
    expect((await postMcp(url, listMessage, key)).status).toBe(200);
  }, 300_000);
});
