import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { loadConfig } from "../config.ts";
import { TOKENS } from "../container.ts";
import { loadPacks } from "../packs/load-packs.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { childEnv } from "../testing/child-env.ts";
import { built } from "../testing/process.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "../testing/rate-window.ts";
import { callMessage, initializeMessage } from "./testing/mcp-fixtures.ts";
import { listAllTools } from "./testing/mcp-schema-rules.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const CLI = [built("adapters/cli/tool-api"), "mcp"];
const ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; // FIPS 180-2, appendix B.1

const PACK_WORKSPACE = "ws_stdio_packs";

let dir: string;
let running: RunningServer;
let restServerTools: string[];

/** `tool-api mcp [args]` under the SDK's stdio client; stderr is collected. */
async function connectStdio(args: string[], env: Record<string, string>) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...CLI, ...args], cwd: ROOT, env: childEnv(env), stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "mcp-stdio-acceptance", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcp-stdio-"));
  const loaded = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: join(dir, "server") });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  const packs = await loadPacks(["./examples/tool-pack"], ROOT);
  running = await startServer(loaded.value, { logger: createLogger("silent"), runner: new InlineToolRunner(), packs });
  await running.container.get(TOKENS.workspacePackStore).enable(PACK_WORKSPACE, "example");
  const rest = (await (await fetch(`${running.url}/api/v1/tools`)).json()).data.tools as { id: string; clientOnly: boolean }[];
  restServerTools = rest.filter((tool) => !tool.clientOnly).map((tool) => tool.id);
});
afterAll(async () => {
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("tool-api mcp (in-process, no key)", () => {
  it("serves the core catalog and runs hash-text, saying on stderr that no key is checked", async () => {
    const { client, stderr } = await connectStdio([], { DATA_DIR: join(dir, "local") });
    try {
      expect((await listAllTools(client)).map((tool) => tool.name)).toEqual(restServerTools);
      const result = await client.callTool({ name: "hash-text", arguments: { algorithm: "sha256", text: "abc" } });
      expect(result.structuredContent).toEqual({ algorithm: "sha256", digest: ABC_SHA256 });
      const refused = await client.callTool({ name: "hash-text", arguments: { algorithm: "sha256" } });
      expect(refused.isError).toBe(true);
      expect(JSON.parse((refused.content as { text: string }[])[0].text)).toMatchObject({ code: 422, error_code: "invalid_input" });
      expect(stderr()).toMatch(/no key is checked/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("writes nothing but JSON-RPC messages on stdout, answering an oversized line, a non-JSON line and a batch with an error and serving on", async () => {
    const child = spawn(process.execPath, CLI, { cwd: ROOT, env: childEnv({ DATA_DIR: join(dir, "local") }), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const lines = [initializeMessage, { jsonrpc: "2.0", method: "notifications/initialized" }, { jsonrpc: "2.0", id: 2, method: "tools/list" }, callMessage("hash-text", { algorithm: "sha256", text: "abc" }, 3)];
    child.stdin.write(lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
    // One line of 10 MiB + 1 byte of JSON (the bound is the SDK stdio transport's 10 MiB buffer), then more to serve.
    child.stdin.write(`{"jsonrpc":"2.0","id":4,"method":"ping","params":{"pad":"${"x".repeat(10 * 1024 * 1024)}"}}\n`);
    child.stdin.write(`not json\n${JSON.stringify([{ jsonrpc: "2.0", id: 5, method: "ping" }])}\n`);
    child.stdin.write(`${JSON.stringify({ ...callMessage("hash-text", {}, 6), params: { name: "hash-text", arguments: [] } })}\n${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" })}\n`);
    const deadline = Date.now() + 50_000;
    while (!stdout.includes('"id":7') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    child.stdin.end();
    expect(await exited).toBe(0);
    const messages = stdout.trim().split("\n").map((line) => JSON.parse(line));
    // Refusals are written at once and tool calls answer when they finish, so only the set of answers is fixed.
    const answers = messages.map((message) => JSON.stringify([message.jsonrpc, message.id, message.error?.code ?? 0])).sort();
    expect(answers).toEqual([
      ["2.0", 1, 0], ["2.0", 2, 0], ["2.0", 3, 0], ["2.0", null, -32600], ["2.0", null, -32700], ["2.0", null, -32600], ["2.0", 6, -32602], ["2.0", 7, 0],
    ].map((answer) => JSON.stringify(answer)).sort());
    expect(messages.find((message) => message.id === 3).result.structuredContent.digest).toBe(ABC_SHA256);
    expect(stderr).toMatch(/over 10485760 bytes/);
    expect(stderr).toMatch(/Batches are not part of MCP over stdio/);
  }, 60_000);
});

describe("tool-api mcp --base-url (forwarding through the client SDK)", () => {
  it("lists the deployment's tools for the key, runs hash-text there and hands back its 422 details", async () => {
    const key = await running.core.keys.create({ name: "stdio forward" });
    const { client, stderr } = await connectStdio(["--base-url", running.url], { TOOL_API_KEY: key.secret });
    try {
      expect((await listAllTools(client)).map((tool) => tool.name)).toEqual(restServerTools);
      const result = await client.callTool({ name: "hash-text", arguments: { algorithm: "sha256", text: "abc" } });
      expect(result.structuredContent).toEqual({ algorithm: "sha256", digest: ABC_SHA256 });
      const refused = await client.callTool({ name: "hash-text", arguments: { algorithm: "sha256", text: 42 } });
      expect(refused.isError).toBe(true);
      expect(JSON.parse((refused.content as { text: string }[])[0].text)).toMatchObject({
        code: 422, error_code: "invalid_input", details: [expect.objectContaining({ path: "/text" })],
      });
      expect(stderr()).toContain(`forwarding every call to ${running.url}`);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("lists and runs the tools of the packs the key's workspace enabled, a scope's category reaching them", async () => {
    const key = await running.core.keys.create({ name: "stdio packs", workspaceId: PACK_WORKSPACE, scopes: { tools: ["hash-text"], categories: ["text"] } });
    const { client } = await connectStdio(["--base-url", running.url], { TOOL_API_KEY: key.secret });
    try {
      const tools = await listAllTools(client);
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(["hash-text", "example__reverse-text", "example__word-count"]));
      expect(tools.find((tool) => tool.name === "example__reverse-text")?.outputSchema).toMatchObject({ type: "object" });
      const reversed = await client.callTool({ name: "example__reverse-text", arguments: { text: "abc" } });
      expect(reversed.structuredContent).toEqual({ text: "cba" });
    } finally {
      await client.close();
    }
  }, 60_000);

  it("follows the deployment's scope and limit for that key", async () => {
    // Reading what the key may call (GET /keys/current/tools, once) takes a unit like any key route, the call the second.
    await clearOfWindowEnd();
    const key = await running.core.keys.create({ name: "stdio scoped", limit: 2, windowSeconds: COUNTED_WINDOW_SECONDS, scopes: { tools: ["hash-text"], categories: [] } });
    const { client } = await connectStdio(["--base-url", running.url], { TOOL_API_KEY: key.secret });
    try {
      expect((await listAllTools(client)).map((tool) => tool.name)).toEqual(["hash-text"]);
      expect((await client.callTool({ name: "hash-text", arguments: { algorithm: "sha256", text: "abc" } })).isError).toBeFalsy();
      const spent = await client.callTool({ name: "hash-text", arguments: { algorithm: "sha256", text: "abc" } });
      expect(spent.isError).toBe(true);
      expect(JSON.parse((spent.content as { text: string }[])[0].text)).toMatchObject({ code: 429, error_code: "rate_limited" });
    } finally {
      await client.close();
    }
  }, 300_000);
});
