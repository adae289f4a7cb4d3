import { parse } from "shell-quote";
import { describe, expect, it } from "vitest";
import { FormClient } from "../http/dashboard/testing/form-client.ts";
import { createTestApp } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { expandClaudeCode, expandCursor, expandVsCode, parseClaudeMcpAdd, toolApiBin, type VsCodeInput } from "./testing/client-configs.ts";

const KEY = "tk_dev_0123456789abcdef";
const decodeHtml = (text: string) =>
  text.replace(/&(quot|#39|lt|gt|amp);/g, (_, entity: string) => ({ quot: '"', "#39": "'", lt: "<", gt: ">", amp: "&" })[entity] ?? "");

describe("where /mcp is named", () => {
  it("names the endpoint in the OpenAPI document's description", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const document = await (await app.request("/api/v1/openapi.json")).json();
    expect(document.info.description).toMatch(/`POST \/mcp`/);
    expect(document.paths["/mcp"]).toBeUndefined();
  });

  it("shows a Use from an agent box whose snippets name this origin's /mcp and a key expansion each client performs", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const ada = new FormClient(app);
    await ada.signUp("ada@example.com");
    const created = await ada.createKey("agent");
    const html = await (await ada.get(created.headers.get("location") as string)).text();
    const box = /<section class="agent-box"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(box).toContain("Use from an agent");
    expect(box).not.toMatch(/tk_dev_/);
    const snippet = (client: string) => decodeHtml(new RegExp(`<code data-client="${client}">([\\s\\S]*?)</code>`).exec(box)?.[1] ?? "");

    const added = parseClaudeMcpAdd(snippet("claude-code"), { TOOL_API_KEY: KEY });
    expect(added).toMatchObject({ transport: "http", scope: "project", url: "http://localhost/mcp" });
    expect(added.headers[0]).not.toContain(KEY);
    expect(expandClaudeCode(added.headers[0], { TOOL_API_KEY: KEY })).toBe(`Authorization: Bearer ${KEY}`);

    const cursor = Object.values((JSON.parse(snippet("cursor")) as { mcpServers: Record<string, { url: string; headers: Record<string, string> }> }).mcpServers)[0];
    expect(cursor.url).toBe("http://localhost/mcp");
    expect(expandCursor(cursor.headers.Authorization, { TOOL_API_KEY: KEY })).toBe(`Bearer ${KEY}`);

    const vscode = JSON.parse(snippet("vscode")) as { inputs: VsCodeInput[]; servers: Record<string, { type: string; url: string; headers: Record<string, string> }> };
    const server = Object.values(vscode.servers)[0];
    expect(server).toMatchObject({ type: "http", url: "http://localhost/mcp" });
    expect(vscode.inputs).toEqual([expect.objectContaining({ type: "promptString", password: true })]);
    expect(expandVsCode(server.headers.Authorization, vscode.inputs, { [vscode.inputs[0].id]: KEY })).toBe(`Bearer ${KEY}`);

    const stdio = parse(snippet("stdio"));
    expect(stdio[0]).toBe("node");
    expect(String(stdio[1]).endsWith(`/${toolApiBin()}`)).toBe(true);
    expect(stdio.slice(2)).toEqual(["mcp", "--base-url", "http://localhost"]);
  });
});
