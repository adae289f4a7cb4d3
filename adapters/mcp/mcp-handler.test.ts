import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolCore, type ToolCore } from "../core/create-tool-core.ts";
import { createMcpHandler, type McpToolCallRecord } from "./index.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "../testing/rate-window.ts";
import { callMessage, initializeMessage } from "./testing/mcp-fixtures.ts";
import { listingBudget } from "./mcp-bounds.ts";
import { strictToolProblems } from "./testing/mcp-schema-rules.ts";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

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

  it("reports a unit taken for a call the MCP transport refused (wrong Accept), so usage shows every unit", async () => {
    const { id, secret } = await core.keys.create({ name: "accept" });
    records.length = 0;
    const refused = await handler(new Request("http://embedded.test/mcp", {
      method: "POST", body: JSON.stringify(callMessage("base64-encode", { text: "x" })),
      headers: { "content-type": "application/json", accept: "text/html", authorization: `Bearer ${secret}` },
    }));
    expect(refused.status).toBe(406);
    expect(records.map(({ keyId, toolId, status }) => ({ keyId, toolId, status }))).toEqual([{ keyId: id, toolId: "base64-encode", status: 406 }]);
  });

  it("refuses a tools/list cursor it never handed out with -32602", async () => {
    const { secret } = await core.keys.create({ name: "cursor" });
    const answer = await (await post({ jsonrpc: "2.0", id: 5, method: "tools/list", params: { cursor: "abc" } }, secret)).json();
    expect(answer.error.code).toBe(-32602);
  });
});

const listPage = async (secret: string, cursor?: string) =>
  (await (await post({ jsonrpc: "2.0", id: 7, method: "tools/list", ...(cursor ? { params: { cursor } } : {}) }, secret)).json()).result as { tools: Tool[]; nextCursor?: string };

describe("tools/list as every agent client accepts it", () => {
  it("pages the whole catalog 50 tools at a time, each tool with a name and schemas model APIs accept", async () => {
    const { secret } = await core.keys.create({ name: "pages" });
    const tools: Tool[] = [];
    let page = await listPage(secret);
    for (;;) {
      expect(page.tools.length).toBeLessThanOrEqual(50);
      tools.push(...page.tools);
      if (page.nextCursor === undefined) break;
      expect(page.tools).toHaveLength(50);
      page = await listPage(secret, page.nextCursor);
    }
    expect(tools.map((tool) => tool.name)).toEqual(core.tools.list().filter((tool) => !tool.clientOnly).map((tool) => tool.id));
    expect(tools.flatMap(strictToolProblems)).toEqual([]);
  });

  it("serves a top-level oneOf's alternatives as one object, the rule in the description, while the server still refuses what breaks it", async () => {
    const { secret } = await core.keys.create({ name: "one-of" });
    const tools: Tool[] = [];
    for (let page = await listPage(secret); ; page = await listPage(secret, page.nextCursor)) {
      tools.push(...page.tools);
      if (!page.nextCursor) break;
    }
    const uuid = tools.find((tool) => tool.name === "uuid-generator")!;
    expect(Object.keys(uuid.inputSchema.properties ?? {}).sort()).toEqual(["count", "name", "namespace", "seed", "timestamp", "version"]);
    expect(uuid.inputSchema.required ?? []).toEqual([]);
    expect(uuid.description).toContain("exactly one of");
    // RFC 9562 §5.3/§5.5: v3 and v5 need a namespace and a name, so v5 without them breaks the rule the schema left out.
    const refused = (await (await post(callMessage("uuid-generator", { version: "v5" }), secret)).json()).result;
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0].text)).toMatchObject({ code: 422, error_code: "invalid_input" });
  });

  it("points 422 details into the tool's arguments (/text), not REST's body (/input/text)", async () => {
    const { secret } = await core.keys.create({ name: "pointer" });
    const result = (await (await post(callMessage("hash-text", { algorithm: "sha256", text: 42 }), secret)).json()).result;
    expect(JSON.parse(result.content[0].text).details).toEqual([expect.objectContaining({ path: "/text" })]);
  });
});

describe("what one /mcp request may cost", () => {
  it("refuses a batch of 101 messages with 400 before taking any unit of the key's limit", async () => {
    await clearOfWindowEnd();
    const { secret } = await core.keys.create({ name: "batch", limit: 1, windowSeconds: COUNTED_WINDOW_SECONDS });
    const batch = Array.from({ length: 101 }, (_, index) => callMessage("base64-encode", { text: "x" }, index + 1));
    const refused = await post(batch, secret);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 400, error_code: "invalid_request" });
    expect((await post(callMessage("base64-encode", { text: "x" }), secret)).status).toBe(200);
  }, 300_000);

  it("answers one tools/list of a batch and refuses the others, and answers wrong arguments with a short -32602 taking no unit", async () => {
    await clearOfWindowEnd();
    const { secret } = await core.keys.create({ name: "shapes", limit: 1, windowSeconds: COUNTED_WINDOW_SECONDS });
    const batch = [{ jsonrpc: "2.0", id: 1, method: "tools/list" }, { jsonrpc: "2.0", id: 2, method: "tools/list" }, { ...callMessage("hash-text", {}, 3), params: { name: "hash-text", arguments: [1] } }, { ...callMessage("hash-text", {}, 4), params: { name: "hash-text", arguments: "x" } }];
    const answers = (await (await post(batch, secret)).json()) as { id: number; result?: { tools: unknown[] }; error?: { code: number; message: string } }[];
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    expect(byId.get(1)?.result?.tools.length).toBe(50);
    expect(byId.get(2)?.error?.code).toBe(-32600);
    for (const id of [3, 4]) {
      expect(byId.get(id)?.error?.code).toBe(-32602);
      expect(byId.get(id)?.error?.message.length).toBeLessThan(100);
    }
    expect((await post(callMessage("base64-encode", { text: "x" }), secret)).status).toBe(200);
  }, 300_000);

  it("limits tools/list and ping per key by their own budget, apart from the execute limit", async () => {
    const spent = createMcpHandler(core, { listingPerMinute: 0 });
    const { secret } = await core.keys.create({ name: "listing" });
    const request = () => new Request("http://embedded.test/mcp", {
      method: "POST", body: JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }, callMessage("base64-encode", { text: "hi" }, 2)]),
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", authorization: `Bearer ${secret}` },
    });
    const answers = (await (await spent(request())).json()) as { id: number; result?: { structuredContent?: unknown }; error?: unknown }[];
    expect(answers.find((answer) => answer.id === 1)?.error).toMatchObject({ code: -32029, data: { retryAfterSeconds: expect.any(Number) } });
    // RFC 4648 §10: BASE64("hi") = "aGk="
    expect(answers.find((answer) => answer.id === 2)?.result?.structuredContent).toEqual({ base64: "aGk=" });
    const open = (await (await handler(request())).json()) as { id: number; result?: unknown }[];
    expect(open.find((answer) => answer.id === 1)?.result).toEqual({});
  });

  it("counts a budget per key and per minute", () => {
    let now = 120_000;
    const take = listingBudget(2, () => now);
    expect([take("a"), take("a"), take("b")]).toEqual([undefined, undefined, undefined]);
    now += 15_000;
    expect(take("a")).toBe(45);
    now = 180_000;
    expect(take("a")).toBeUndefined();
  });
});

describe("createMcpHandler's oauth option (access tokens for an embedder's authorization server)", () => {
  const TOKEN = `mcp_at_${"t".repeat(43)}`;
  const asked: string[] = [];

  it("resolves a Bearer access token to the key `authenticate` returns, for the resource <publicUrl>/mcp", async () => {
    const { secret } = await core.keys.create({ name: "grant" });
    const found = await core.services.toolCall.authenticate(secret);
    const key = found.ok ? found.key : undefined;
    const withTokens = createMcpHandler(core, {
      oauth: { publicUrl: () => "https://tools.example", authenticate: async (token, resource) => (asked.push(`${token} ${resource}`), token === TOKEN ? key : undefined) },
    });
    const request = (token: string) => new Request("http://embedded.test/mcp", {
      method: "POST", body: JSON.stringify(callMessage("base64-encode", { text: "hi" })),
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
    });
    // RFC 4648 §10: BASE64("hi") = "aGk="
    expect((await (await withTokens(request(TOKEN))).json()).result.structuredContent).toEqual({ base64: "aGk=" });
    expect(asked).toEqual([`${TOKEN} https://tools.example/mcp`]);
    const refused = await withTokens(request(`mcp_at_${"u".repeat(43)}`));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe('Bearer resource_metadata="https://tools.example/.well-known/oauth-protected-resource/mcp"');
  });

  it("without it reads a token as a key: 401 with a bare Bearer challenge", async () => {
    const refused = await post(callMessage("base64-encode", { text: "hi" }), TOKEN);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe("Bearer");
  });
});
