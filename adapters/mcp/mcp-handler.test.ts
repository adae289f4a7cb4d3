import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolCore, type ToolCore } from "../core/create-tool-core.ts";
import { createMcpHandler, type McpToolCallRecord } from "./index.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "../testing/rate-window.ts";
import { callMessage, initializeMessage } from "./testing/mcp-fixtures.ts";

let core: ToolCore;
const records: McpToolCallRecord[] = [];
let handler: (request: Request) => Promise<Response>;

const post = (body: unknown, secret?: string) =>
  handler(new Request("http://embedded.test/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    body: JSON.stringify(body),
  }));

beforeAll(async () => {
  core = await createToolCore();
  handler = createMcpHandler(core, { onToolCall: (record) => records.push(record) });
});
afterAll(() => core.close());

describe("createMcpHandler(core) without the reference app", () => {
  it("answers initialize and tools/call from a web Request, as an embedding server mounts it", async () => {
    const { secret } = await core.keys.create({ name: "embedded" });
    const init = await post(initializeMessage, secret);
    expect(init.status).toBe(200);
    expect((await init.json()).result).toMatchObject({ protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "tool-execution-api" } });
    const called = await post(callMessage("hash-text", { algorithm: "md5", text: "" }), secret);
    // RFC 1321 appendix A.5: MD5 ("") = d41d8cd98f00b204e9800998ecf8427e
    expect((await called.json()).result.structuredContent).toEqual({ algorithm: "md5", digest: "d41d8cd98f00b204e9800998ecf8427e" });
  });

  it("reports each tools/call of a valid key to the usage hook with its REST status and transport mcp, 429 included", async () => {
    await clearOfWindowEnd();
    const created = await core.keys.create({ name: "usage", limit: 2, windowSeconds: COUNTED_WINDOW_SECONDS });
    records.length = 0;
    await post(callMessage("hash-text", { algorithm: "sha256", text: "abc" }), created.secret);
    await post(callMessage("hash-text", { algorithm: "sha256" }), created.secret);
    expect((await post(callMessage("base64-encode", { text: "x" }), created.secret)).status).toBe(429);
    await post(callMessage("hash-text", { algorithm: "sha256", text: "abc" }));
    await post({ jsonrpc: "2.0", id: 9, method: "tools/list" }, created.secret);
    expect(records.map(({ keyId, toolId, status, transport }) => ({ keyId, toolId, status, transport }))).toEqual([
      { keyId: created.id, toolId: "hash-text", status: 200, transport: "mcp" },
      { keyId: created.id, toolId: "hash-text", status: 422, transport: "mcp" },
      { keyId: created.id, toolId: "base64-encode", status: 429, transport: "mcp" },
    ]);
    for (const record of records) expect(record.latencyMs).toBeGreaterThanOrEqual(0);
  }, 300_000);

  it("refuses a tools/list cursor it never handed out with -32602", async () => {
    const { secret } = await core.keys.create({ name: "cursor" });
    const answer = await (await post({ jsonrpc: "2.0", id: 5, method: "tools/list", params: { cursor: "abc" } }, secret)).json();
    expect(answer.error.code).toBe(-32602);
  });
});
