// The README's per-client MCP configurations ("Use from an agent (MCP)"), read as each client reads them: every one
// must name this server's /mcp and, once its client has expanded it by that client's documented rules (see
// testing/client-configs.ts), send `Authorization: Bearer <key>` while the file itself holds no key.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { childEnv } from "../testing/child-env.ts";
import { readMarkdown, sectionOf } from "../testing/readme.ts";
import {
  expandClaudeCode, expandCursor, expandVsCode, mcpClientBlock, mcpRemoteHeaders, parseClaudeMcpAdd, toolApiBin, type VsCodeInput,
} from "./testing/client-configs.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const SECTION = sectionOf(readMarkdown(), "Use from an agent (MCP)");
const README_MCP_URL = "http://127.0.0.1:3000/mcp";
const KEY = "tk_dev_0123456789abcdef";
const block = (name: string) => mcpClientBlock(SECTION, name);

describe("README: each agent client's configuration", () => {
  it("Claude Code: `claude mcp add` hands Claude Code the ${TOOL_API_KEY} placeholder, which it expands in .mcp.json", () => {
    const { lang, body } = block("claude-code");
    expect(lang).toBe("sh");
    // The user's shell has the key: the command must still not write it into the configuration.
    const added = parseClaudeMcpAdd(body, { TOOL_API_KEY: KEY });
    expect(added).toMatchObject({ transport: "http", url: README_MCP_URL });
    // Claude Code documents the expansion for .mcp.json, the file of the project scope.
    expect(added.scope).toBe("project");
    expect(added.headers).toHaveLength(1);
    expect(added.headers[0]).not.toContain(KEY);
    expect(expandClaudeCode(added.headers[0], { TOOL_API_KEY: KEY })).toBe(`Authorization: Bearer ${KEY}`);
  });

  it("Claude Code's rules are the check: the old `$TOOL_API_KEY`, or a double-quoted header, fails it", () => {
    expect(expandClaudeCode("Bearer $TOOL_API_KEY", { TOOL_API_KEY: KEY })).toBe("Bearer $TOOL_API_KEY");
    const doubleQuoted = parseClaudeMcpAdd(`claude mcp add --transport http --scope project tools ${README_MCP_URL} --header "Authorization: Bearer \${TOOL_API_KEY}"`, { TOOL_API_KEY: KEY });
    expect(doubleQuoted.headers[0]).toContain(KEY);
  });

  it("VS Code: .vscode/mcp.json under `servers`, type http, the key from a password prompt", () => {
    const { lang, body } = block("vscode");
    expect(lang).toBe("json");
    const config = JSON.parse(body) as { inputs: VsCodeInput[]; servers: Record<string, { type: string; url: string; headers: Record<string, string> }> };
    expect(Object.keys(config)).not.toContain("mcpServers");
    const [server] = Object.values(config.servers);
    expect(server).toMatchObject({ type: "http", url: README_MCP_URL });
    const referenced = /\$\{input:([^}]+)\}/.exec(server.headers.Authorization)?.[1];
    expect(config.inputs.find((input) => input.id === referenced)).toMatchObject({ type: "promptString", password: true });
    expect(expandVsCode(server.headers.Authorization, config.inputs, { [referenced ?? ""]: KEY })).toBe(`Bearer ${KEY}`);
  });

  it("Cursor: mcpServers with url and headers, the key as ${env:TOOL_API_KEY}", () => {
    const { lang, body } = block("cursor");
    expect(lang).toBe("json");
    const config = JSON.parse(body) as { mcpServers: Record<string, { url: string; headers: Record<string, string> }> };
    const [server] = Object.values(config.mcpServers);
    expect(server.url).toBe(README_MCP_URL);
    expect(expandCursor(server.headers.Authorization, { TOOL_API_KEY: KEY })).toBe(`Bearer ${KEY}`);
  });

  it("Claude Desktop: a connector takes the URL and signs in by OAuth; with a key, a pinned mcp-remote sends the header from its env", () => {
    const config = JSON.parse(block("claude-desktop").body) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
    const [server] = Object.values(config.mcpServers);
    expect(server.command).toBe("npx");
    expect(server.args[0]).toBe("-y");
    expect(server.args[1]).toMatch(/^mcp-remote@\d+\.\d+\.\d+$/);
    expect(server.args[2]).toMatch(/^https:\/\/[^/]+\/mcp$/);
    const env = { ...server.env };
    for (const [name, value] of Object.entries(env)) env[name] = value.replace("tk_live_…", KEY);
    expect(mcpRemoteHeaders(server.args, env)).toEqual({ Authorization: `Bearer ${KEY}` });
    expect(SECTION).toMatch(/signs you in by OAuth/);
    expect(SECTION).not.toMatch(/not built yet|publishes no authorization/);
  });

  it("stdio: `node` with the absolute path of the installed bin, never a bare `npx tool-api`", () => {
    const config = JSON.parse(block("stdio").body) as { mcpServers: Record<string, { command: string; args: string[] }> };
    const servers = Object.values(config.mcpServers);
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) {
      expect(server.command).toBe("node");
      expect(isAbsolute(server.args[0])).toBe(true);
      expect(server.args[0].endsWith(`/${toolApiBin()}`)).toBe(true);
      expect(server.args[1]).toBe("mcp");
    }
    // No block of the section starts tool-api through npx (which may fetch it) unless with --no-install.
    const blocks = [...SECTION.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    for (const text of blocks) {
      expect(text).not.toMatch(/"command":\s*"npx"[^}]*"tool-api"/);
      expect(text).not.toMatch(/\bnpx\b(?![^\n]*--no-install)[^\n]*\btool-api\b/);
    }
  });

  it("stdio: the local entry, as written, serves tools when a client starts it from another directory", async () => {
    const bin = join(ROOT, "dist", "adapters", "cli", "tool-api.js");
    if (!existsSync(bin)) throw new Error("dist/ is missing: npm ci builds it");
    const config = JSON.parse(block("stdio").body) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
    const local = Object.values(config.mcpServers).find((server) => !server.args.includes("--base-url"));
    if (!local) throw new Error("no local stdio entry");
    const installed = local.args[0].slice(0, local.args[0].length - toolApiBin().length);
    const dir = mkdtempSync(join(tmpdir(), "mcp-client-stdio-"));
    const transport = new StdioClientTransport({
      command: process.execPath, // the `node` of the entry, the one running this test
      args: local.args.map((arg) => (arg === local.args[0] ? bin : arg)),
      cwd: dir,
      env: childEnv({ ...local.env, DATA_DIR: join(dir, "data") }),
      stderr: "ignore",
    });
    const client = new Client({ name: "readme-stdio", version: "1.0.0" });
    try {
      expect(installed).toMatch(/^\/.+\/$/);
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("hash-text");
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
