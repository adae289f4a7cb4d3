import { describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { callMessage } from "../../mcp/testing/mcp-fixtures.ts";
import { createTestApp } from "../../testing/harness.ts";

describe("usage of MCP tools/call", () => {
  it("counts each tools/call of a valid key like a REST execute call: outcome, error code, 429 included", async () => {
    const test = createTestApp();
    const key = await test.createKey({ limit: 3, windowSeconds: 600 });
    const post = (body: unknown) => Promise.resolve(test.app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", authorization: `Bearer ${key.secret}` },
      body: JSON.stringify(body),
    }));
    expect((await post(callMessage("hash-text", { algorithm: "sha256", text: "abc" }))).status).toBe(200);
    expect((await post(callMessage("hash-text", { algorithm: "sha256" }))).status).toBe(200);
    expect((await post({ jsonrpc: "2.0", id: 9, method: "tools/list" })).status).toBe(200);
    expect((await post(callMessage("base64-encode", { text: "x" }))).status).toBe(200);
    expect((await post(callMessage("base64-encode", { text: "y" }))).status).toBe(429);
    await test.container.get(TOKENS.recordUsage).flush();
    test.clock.advance(600_000);
    const response = await test.app.request("/api/v1/usage", { headers: { "x-api-key": key.secret } });
    const { usage } = (await response.json()).data;
    expect(usage.totals).toMatchObject({ calls: 4, success: 2, clientError: 1, rateLimited: 1, errorCodes: { invalid_input: 1, rate_limited: 1 } });
    expect(Object.fromEntries(usage.tools.map((tool: { toolId: string; calls: number }) => [tool.toolId, tool.calls]))).toEqual({ "hash-text": 2, "base64-encode": 2 });
  });
});
