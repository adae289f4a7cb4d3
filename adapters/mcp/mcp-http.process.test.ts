import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { freshEmail } from "../testing/fresh-email.ts";
import { createKeyWithCli, type ServerProcess, startServerProcess } from "../testing/process.ts";
import { connectHttp, workspaceWithPacks } from "./testing/mcp-fixtures.ts";
import { listAllTools, strictToolProblems } from "./testing/mcp-schema-rules.ts";

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
  it("lists the REST catalog's server tools for an unscoped key: same ids, the REST schemas where agent clients accept them, no client-only tool", async () => {
    const listed = await listAllTools(await open(unscoped));
    const rest = (await restGet("/tools")).tools as { id: string; clientOnly: boolean; inputSchema: unknown }[];
    const core = (await restGet("/marketplace/packs/core")).pack.tools as { id: string; inputSchema: unknown; outputSchema: unknown }[];
    expect(listed.map((tool) => tool.name)).toEqual(rest.filter((tool) => !tool.clientOnly).map((tool) => tool.id));
    // A REST schema strict clients already accept is served as it is; the others (see mcp-schema.ts) only as they accept them.
    const accepted = (name: string, schema: unknown) => strictToolProblems({ name, inputSchema: schema, outputSchema: schema } as never).length === 0;
    const served = rest.filter((tool) => !tool.clientOnly);
    expect(listed.map((tool) => tool.inputSchema)).toEqual(served.map((tool) => accepted(tool.id, tool.inputSchema) ? tool.inputSchema : expect.anything()));
    expect(served.filter((tool) => !accepted(tool.id, tool.inputSchema)).length).toBeLessThan(30);
    expect(served.find((tool) => tool.id === "pbkdf2-derive")?.inputSchema).toHaveProperty("oneOf");
    expect(listed.map((tool) => [tool.name, tool.outputSchema])).toEqual(core.map((tool) => [tool.id, accepted(tool.id, { type: "object", properties: {}, ...(tool.outputSchema as object) }) ? tool.outputSchema : expect.anything()]));
    const clientOnly = rest.filter((tool) => tool.clientOnly).map((tool) => tool.id);
    expect(clientOnly.length).toBeGreaterThan(0);
    expect(listed.filter((tool) => clientOnly.includes(tool.name))).toEqual([]);
    expect(listed.filter((tool) => tool.name.includes(".") || tool.name.includes("__"))).toEqual([]);
  });

  it("marks every tool read-only and closed-world, and only random or clock-reading tools as not idempotent", async () => {
    const listed = await listAllTools(await open(unscoped));
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
    expect((await listAllTools(client)).map((tool) => tool.name)).toEqual(expected);
    const refused = await client.callTool({ name: "json-formatter", arguments: { json: "{}" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatchObject({ status: "error", code: 403, error_code: "forbidden_tool" });
  });

  it("lists and runs a pack tool only for a key whose workspace enabled the pack, its `.` served as `__` and taken back", async () => {
    const client = await open(member);
    const listed = await listAllTools(client);
    expect(listed.flatMap(strictToolProblems)).toEqual([]);
    const names = listed.map((tool) => tool.name);
    expect(names.filter((name) => name.includes("__"))).toEqual(["example__reverse-text", "example__word-count", "looping__spin"]);
    expect((await client.callTool({ name: "example__reverse-text", arguments: { text: "a😀b" } })).structuredContent).toEqual({ text: "b😀a" });
    expect((await client.callTool({ name: "example.reverse-text", arguments: { text: "ab" } })).structuredContent).toEqual({ text: "ba" });
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
    const restEnvelope = await rest.json();
    expect(restEnvelope.details).toEqual([expect.objectContaining({ path: "/input/text" })]);
    // The same envelope, its pointers into the tool's arguments (what the MCP client sent) instead of REST's body.
    expect(envelope).toEqual({ ...restEnvelope, details: [{ ...restEnvelope.details[0], path: "/text" }] });
  });

  it("ends a looping pack tool as an isError tool_timeout while /api/v1/health stays 200", async () => {
    const client = await open(member);
    const spinning = client.callTool({ name: "looping__spin", arguments: {} });
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    const result = await spinning;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatchObject({ code: 504, error_code: "tool_timeout" });
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  }, 60_000);
});
