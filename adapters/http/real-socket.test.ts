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

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "socket-"));
  const config = loadConfig({ PORT: "0", DATA_DIR: dir, MAX_BODY_BYTES: "1024", LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function mintKey(limit: number): Promise<string> {
  return (await mintCountedKey(server.container, { name: "socket", limit })).secret;
}

/** A raw POST, optionally chunked (no Content-Length), answering status and body text. */
function post(path: string, secret: string, body: string, chunked: boolean): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "x-api-key": secret, "content-type": "application/json" };
    if (!chunked) headers["content-length"] = Buffer.byteLength(body);
    const req = request({ hostname, port, path, method: "POST", headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    if (chunked) for (let i = 0; i < body.length; i += 256) req.write(body.slice(i, i + 256));
    req.end(chunked ? undefined : body);
  });
}

describe("over a real socket", () => {
  const big = JSON.stringify({ input: { algorithm: "md5", text: "z".repeat(4000) } });

  it.each([["a declared length", false], ["a chunked body", true]])("answers 413 payload_too_large for %s over MAX_BODY_BYTES", async (_name, chunked) => {
    const secret = await mintKey(100);
    const answer = await post("/api/v1/execute/hash-text", secret, big, chunked);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error_code).toBe("payload_too_large");
  });

  it("reads a chunked body under the limit", async () => {
    const secret = await mintKey(100);
    const answer = await post("/api/v1/execute/hash-text", secret, JSON.stringify({ input: { algorithm: "md5", text: "" } }), true);
    expect(JSON.parse(answer.body).data.output.digest).toBe("d41d8cd98f00b204e9800998ecf8427e");
  });

  it("lets exactly 100 of 1,000 concurrent requests through for a key limited to 100, all with the three headers", async () => {
    const secret = await mintKey(100);
    const body = JSON.stringify({ input: { algorithm: "sha1", text: "abc" } });
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () =>
        fetch(`${server.url}/api/v1/execute/hash-text`, { method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body }),
      ),
    );
    const counts = { 200: 0, 429: 0 } as Record<number, number>;
    for (const response of responses) {
      counts[response.status] = (counts[response.status] ?? 0) + 1;
      for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) expect(response.headers.get(name)).not.toBeNull();
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      await response.arrayBuffer();
    }
    expect(counts).toEqual({ 200: 100, 429: 900 });
  });
});
