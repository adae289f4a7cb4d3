// runToolCall against the real server, for each API's tool-call shape and result shape:
// OpenAI Chat Completions (https://platform.openai.com/docs/guides/function-calling: a `tool_calls` item answered by
// `{role:"tool", tool_call_id, content}`), OpenAI Responses (`function_call` → `function_call_output` with `call_id`),
// Anthropic (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use: `tool_use` →
// `tool_result` with `tool_use_id`, `is_error: true` for a failure), MCP 2025-11-25 (`CallToolResult`:
// `content`, `structuredContent`, `isError`).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPackServer, type PackServer } from "../testing/pack-server.ts";
import { ToolApiError, ToolClient } from "./index.ts";

// SHA-256("abc"), FIPS 180-2 appendix B.1.
const ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const recorded = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../testing/recorded", name), "utf8"));
const OPENAI_CALL = recorded("openai-chat.json")[0].choices[0].message.tool_calls[0];
const RESPONSES_CALL = recorded("openai-responses.json")[0].output[0];
const ANTHROPIC_USE = recorded("anthropic.json")[0].content[1];

let server: PackServer;
let client: ToolClient;
beforeAll(async () => {
  server = await startPackServer();
  client = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey() });
}, 60_000);
afterAll(() => server?.close());

const withArgs = (args: string) => ({
  openai: { ...OPENAI_CALL, function: { ...OPENAI_CALL.function, arguments: args } },
  responses: { ...RESPONSES_CALL, arguments: args },
});

describe("runToolCall round trips a recorded call of each API", () => {
  it("answers each API's result message with the tool's output", async () => {
    const digest = JSON.stringify({ algorithm: "sha256", digest: ABC_SHA256 });
    expect(await client.runToolCall("openai", OPENAI_CALL)).toEqual({ role: "tool", tool_call_id: "call_Qm3Zt8yXwV2pL6nB1cR4sD7f", content: digest });
    expect(await client.runToolCall("openai-responses", RESPONSES_CALL)).toEqual({ type: "function_call_output", call_id: "call_Lk8Pq2Wz5Xc1Vb7Nm3Jh6Gf4", output: digest });
    expect(await client.runToolCall("anthropic", ANTHROPIC_USE)).toEqual({ type: "tool_result", tool_use_id: "toolu_01A09q90qw90lq917835lq9", content: digest });
    expect(await client.runToolCall("mcp", { name: "hash-text", arguments: { algorithm: "sha256", text: "abc" } })).toEqual({
      content: [{ type: "text", text: digest }],
      structuredContent: { algorithm: "sha256", digest: ABC_SHA256 },
    });
  });

  it("runs a pack tool under its mapped name", async () => {
    const call = { type: "tool_use" as const, id: "toolu_pack", name: "example__reverse-text", input: { text: "abc" } };
    expect(await client.runToolCall("anthropic", call)).toEqual({ type: "tool_result", tool_use_id: "toolu_pack", content: JSON.stringify({ text: "cba" }) });
    expect((await client.runToolCall("mcp", { name: "example.reverse-text", arguments: { text: "ab" } })).structuredContent).toEqual({ text: "ba" });
    expect((await client.runToolCall("mcp", { name: "example__reverse-text", arguments: { text: "xy" } })).structuredContent).toEqual({ text: "yx" });
  });
});

describe("a tool's 4xx is the API's error result, never a throw", () => {
  it("invalid input (422) carries the envelope with its details", async () => {
    const bad = withArgs(JSON.stringify({ algorithm: "sha256" }));
    const result = await client.runToolCall("openai", bad.openai);
    const envelope = JSON.parse(result.content);
    expect(envelope).toMatchObject({ status: "error", code: 422, error_code: "invalid_input" });
    expect(envelope.details.map((d: { path: string }) => d.path)).toContain("/input/text");
    const anthropic = await client.runToolCall("anthropic", { ...ANTHROPIC_USE, input: { algorithm: "sha256" } });
    expect(anthropic).toMatchObject({ type: "tool_result", tool_use_id: ANTHROPIC_USE.id, is_error: true });
    expect(JSON.parse(anthropic.content).error_code).toBe("invalid_input");
  });

  it("unparseable arguments, an unknown tool (404) and a tool outside the key's scope (403)", async () => {
    const broken = withArgs('{"algorithm":"sha256",');
    expect(JSON.parse((await client.runToolCall("openai-responses", broken.responses)).output)).toEqual({ status: "error", code: 400, error_code: "invalid_json", message: "The tool call's arguments are not valid JSON." });
    const unknown = await client.runToolCall("mcp", { name: "no-such-tool", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse(unknown.content[0].text)).toMatchObject({ code: 404, error_code: "tool_not_found" });
    const scoped = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey({ scopes: { tools: ["uuid-generator"] } }) });
    const forbidden = await scoped.runToolCall("openai", OPENAI_CALL);
    expect(JSON.parse(forbidden.content)).toMatchObject({ code: 403, error_code: "forbidden_tool" });
  });

  it("a bad key (401) and a spent limit (429) still reject with ToolApiError", async () => {
    const revoked = new ToolClient({ baseUrl: server.url, apiKey: "tk_dev_not_a_real_key" });
    await expect(revoked.runToolCall("anthropic", ANTHROPIC_USE)).rejects.toMatchObject({ name: "ToolApiError", status: 401, errorCode: "unauthorized" });
    const spent = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey({ limit: 1 }), retry: { maxAttempts: 1 } });
    await spent.runToolCall("anthropic", ANTHROPIC_USE);
    const error = await spent.runToolCall("anthropic", ANTHROPIC_USE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolApiError);
    expect(error).toMatchObject({ status: 429, errorCode: "rate_limited" });
  });
});
