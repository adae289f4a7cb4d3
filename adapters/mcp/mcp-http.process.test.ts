import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { freshEmail } from "../testing/fresh-email.ts";
import { createKeyWithCli, type ServerProcess, startServerProcess } from "../testing/process.ts";
import { connectHttp, workspaceWithPacks } from "./testing/mcp-fixtures.ts";

const ALLOWED_ORIGIN = "https://agent.example";
const ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; // FIPS 180-2, appendix B.1

let dir: string;
let server: ServerProcess;
let unscoped: string;
/** A key of a workspace that enabled the example and looping packs. */
let member: string;
const clients: Client[] = [];

const open = async (secret: string) => {
  const client = await connectHttp(server.url, { "x-api-key": secret });
  clients.push(client);
  return client;
};
const restGet = async (path: string) => (await (await fetch(`${server.url}/api/v1${path}`)).json()).data;
const textOf = (result: unknown) => JSON.parse((result as { content: { text: string }[] }).content[0].text);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcp-http-"));
  server = await startServerProcess({
    DATA_DIR: dir, TOOL_PACKS: "./examples/tool-pack,./adapters/packs/testing/looping-pack", MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
  });
  unscoped = (await createKeyWithCli({ DATA_DIR: dir })).secret;
  const workspace = await workspaceWithPacks(server.url, freshEmail("ada"), ["example", "looping"]);
  member = (await createKeyWithCli({ DATA_DIR: dir }, ["--workspace", workspace])).secret;
}, 90_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

describe("tools/list over Streamable HTTP", () => {
  it("lists the REST catalog's server tools for an unscoped key: same ids, input and output schemas, no client-only tool", async () => {
    const listed = (await (await open(unscoped)).listTools()).tools;
    const rest = (await restGet("/tools")).tools as { id: string; clientOnly: boolean; inputSchema: unknown }[];
    const core = (await restGet("/marketplace/packs/core")).pack.tools as { id: string; inputSchema: unknown; outputSchema: unknown }[];
    expect(listed.map((tool) => tool.name)).toEqual(rest.filter((tool) => !tool.clientOnly).map((tool) => tool.id));
    expect(listed.map((tool) => tool.inputSchema)).toEqual(rest.filter((tool) => !tool.clientOnly).map((tool) => tool.inputSchema));
    expect(listed.map((tool) => [tool.name, tool.outputSchema])).toEqual(core.map((tool) => [tool.id, tool.outputSchema]));
    const clientOnly = rest.filter((tool) => tool.clientOnly).map((tool) => tool.id);
    expect(clientOnly.length).toBeGreaterThan(0);
    expect(listed.filter((tool) => clientOnly.includes(tool.name))).toEqual([]);
    expect(listed.filter((tool) => tool.name.includes("."))).toEqual([]);
  });

  it("marks every tool read-only and closed-world, and only random or clock-reading tools as not idempotent", async () => {
    const listed = (await (await open(unscoped)).listTools()).tools;
    const hint = (name: string) => listed.find((tool) => tool.name === name)?.annotations;
    for (const tool of listed) expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false, destructiveHint: false });
    for (const name of ["hash-text", "base64-encode", "json-formatter", "qr-code-generator"]) expect(hint(name)?.idempotentHint).toBe(true);
    for (const name of ["uuid-generator", "token-generator", "rsa-key-pair-generator", "bcrypt-hash", "eta-calculator", "cron-next-runs", "totp-generator"]) {
      expect(hint(name)?.idempotentHint, name).toBe(false);
    }
  });

  it("lists only the tools a scoped key may call, and answers a call outside its scope with forbidden_tool", { timeout: 60_000 }, async () => {
    const scoped = (await createKeyWithCli({ DATA_DIR: dir }, ["--tools", "hash-text", "--categories", "encoding"])).secret;
    const client = await open(scoped);
    const rest = (await restGet("/tools")).tools as { id: string; category: string; clientOnly: boolean }[];
    const expected = rest.filter((tool) => !tool.clientOnly && (tool.id === "hash-text" || tool.category === "encoding")).map((tool) => tool.id);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expected);
    const refused = await client.callTool({ name: "json-formatter", arguments: { json: "{}" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatchObject({ status: "error", code: 403, error_code: "forbidden_tool" });
  });

  it("lists and runs a pack tool only for a key whose workspace enabled the pack", async () => {
    const client = await open(member);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names.filter((name) => name.includes("."))).toEqual(["example.reverse-text", "example.word-count", "looping.spin"]);
    expect((await client.callTool({ name: "example.reverse-text", arguments: { text: "a😀b" } })).structuredContent).toEqual({ text: "b😀a" });
    const outsider = await (await open(unscoped)).callTool({ name: "example.reverse-text", arguments: { text: "x" } });
    expect(textOf(outsider)).toMatchObject({ code: 403, error_code: "pack_not_enabled" });
  });
});

describe("tools/call over Streamable HTTP", () => {
  it("returns hash-text's digest as structuredContent and the same JSON as one text block", async () => {
    const result = await (await open(unscoped)).callTool({ name: "hash-text", arguments: { algorithm: "sha256", text: "abc" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ algorithm: "sha256", digest: ABC_SHA256 });
    expect(result.content).toHaveLength(1);
    expect(textOf(result)).toEqual({ algorithm: "sha256", digest: ABC_SHA256 });
  });

  it("answers invalid input with isError carrying the REST 422 envelope and its details", async () => {
    const input = { algorithm: "sha256", text: 42 };
    const result = await (await open(unscoped)).callTool({ name: "hash-text", arguments: input });
    const rest = await fetch(`${server.url}/api/v1/execute/hash-text`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": unscoped }, body: JSON.stringify({ input }),
    });
    expect(rest.status).toBe(422);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const envelope = textOf(result);
    expect(envelope).toEqual(await rest.json());
    expect(envelope.details).toEqual([expect.objectContaining({ path: "/input/text" })]);
  });

  it("ends a looping pack tool as an isError tool_timeout while /api/v1/health stays 200", async () => {
    const client = await open(member);
    const spinning = client.callTool({ name: "looping.spin", arguments: {} });
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    const result = await spinning;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatchObject({ code: 504, error_code: "tool_timeout" });
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  }, 60_000);
});
