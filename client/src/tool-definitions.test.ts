// The definitions for the whole catalog and a pack, checked against each API's published rules:
// - OpenAI Chat Completions, tools[].function.name: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a
//   maximum length of 64"; parameters: "described as a JSON Schema object"
//   (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools; the Responses API's function tool
//   has the same name and parameters: https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools).
//   "Root objects must not be anyOf and must be an object" (https://platform.openai.com/docs/guides/structured-outputs#root-objects-must-not-be-anyof-and-must-be-an-object).
// - Anthropic, tools[].name: "Must match the regex ^[a-zA-Z0-9_-]{1,64}$"; input_schema: a JSON Schema object
//   (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use); the API answers 400
//   "input_schema does not support oneOf, allOf, or anyOf at the top level" (issue #39).
// - MCP 2025-11-25, Tool: `inputSchema: { type: "object", properties?, required? }`; names 1-128 characters of
//   A-Z a-z 0-9 _ - . (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names).
// - Every API reads the schema as its own JSON Schema dialect: no `$schema`/`$id`, and no bare `true`/`false`
//   subschema (MCP Inspector --strict reports them; we write `{}` and `{"not":{}}`), except `additionalProperties: false`,
//   which OpenAI documents and requires in strict mode
//   (https://platform.openai.com/docs/guides/structured-outputs#additionalproperties-false-must-always-be-set-in-objects).
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPackServer, type PackServer } from "../testing/pack-server.ts";
import { ToolClient } from "./index.ts";
import type { ToolFormat } from "./tool-definitions.ts";

const API_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const TOP_LEVEL_REFUSED = ["oneOf", "anyOf", "allOf", "not", "enum", "const", "$schema", "$id"];
const FORMATS: ToolFormat[] = ["openai", "openai-responses", "anthropic", "mcp"];
// Positions where JSON Schema puts a subschema, a list or a map of them (draft-07 and 2020-12).
const ONE = ["items", "additionalItems", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems"];
const LIST = ["oneOf", "anyOf", "allOf", "prefixItems"];
const MAP = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"];

/** Every problem a model API would have with this schema below the top: bare booleans, dialect identifiers. */
function subschemaProblems(schema: unknown, at = ""): string[] {
  if (typeof schema === "boolean") return at.endsWith("/additionalProperties") ? [] : [`${at || "/"}: bare ${schema}`];
  if (typeof schema !== "object" || schema === null) return [`${at}: not a schema`];
  const s = schema as Record<string, unknown>;
  const own = ["$schema", "$id"].filter((k) => k in s).map((k) => `${at}/${k}`);
  const subs: [string, unknown][] = [
    ...ONE.filter((k) => k in s && !(k === "items" && Array.isArray(s[k]))).map((k): [string, unknown] => [`${at}/${k}`, s[k]]),
    ...LIST.filter((k) => Array.isArray(s[k])).flatMap((k) => (s[k] as unknown[]).map((v, i): [string, unknown] => [`${at}/${k}/${i}`, v])),
    ...MAP.filter((k) => typeof s[k] === "object" && s[k] !== null).flatMap((k) => Object.entries(s[k] as object).map(([n, v]): [string, unknown] => [`${at}/${k}/${n}`, v])),
  ];
  return [...own, ...subs.flatMap(([path, sub]) => subschemaProblems(sub, path))];
}

interface Definition { name: string; description: string; schema: Record<string, unknown> }
function unwrap(format: ToolFormat, d: any): Definition {
  if (format === "openai") return { name: d.function.name, description: d.function.description, schema: d.function.parameters };
  if (format === "openai-responses") return { name: d.name, description: d.description, schema: d.parameters };
  if (format === "anthropic") return { name: d.name, description: d.description, schema: d.input_schema };
  return { name: d.name, description: d.description, schema: d.inputSchema };
}

let server: PackServer;
let examples: Map<string, unknown[]>;
beforeAll(async () => {
  server = await startPackServer();
  const packs = await Promise.all(["core", "example"].map(async (id) => (await (await fetch(`${server.url}/api/v1/marketplace/packs/${id}`)).json()).data.pack));
  examples = new Map(packs.flatMap((pack: any) => pack.tools.map((t: any) => [t.id, t.examples.map((e: any) => e.input)])));
}, 60_000);
afterAll(() => server?.close());

describe("toolDefinitions for the whole catalog and a pack", () => {
  it.each(FORMATS)("%s: every definition meets that API's rules, and every documented example still fits its schema", async (format) => {
    const client = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey({ scopes: undefined }) });
    const all = await client.toolDefinitions(format, { tools: undefined });
    const withPack = await client.toolDefinitions(format, { tools: ["hash-text", "example.reverse-text"] });
    const { tools } = (await (await fetch(`${server.url}/api/v1/tools`)).json()).data;
    const serverTools = tools.filter((t: any) => !t.clientOnly);
    // The key's workspace enabled the example pack: its two tools come unnamed, after the core's.
    expect(all).toHaveLength(serverTools.length + 2);
    expect(all.slice(-2).map((d) => unwrap(format, d).name)).toEqual(["example__reverse-text", "example__word-count"]);
    // REST keeps its exact rules (issue #39 names eight such tools), so the checks below have something to catch.
    const combined = serverTools.filter((t: any) => TOP_LEVEL_REFUSED.some((k) => k in t.inputSchema)).map((t: any) => t.id);
    expect(combined).toEqual(expect.arrayContaining(["pbkdf2-derive", "aes-encrypt", "temperature-converter", "wifi-qr-code-generator"]));
    const pbkdf2 = unwrap(format, all.find((d) => unwrap(format, d).name === "pbkdf2-derive"));
    expect(pbkdf2.description).toContain(`oneOf ${JSON.stringify(serverTools.find((t: any) => t.id === "pbkdf2-derive").inputSchema.oneOf)}`);
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const raw of [...all, ...withPack]) {
      const { name, description, schema } = unwrap(format, raw);
      expect(name).toMatch(API_NAME);
      expect(typeof description === "string" && description.length > 0).toBe(true);
      expect(schema.type).toBe("object");
      expect(typeof schema.properties).toBe("object");
      expect(TOP_LEVEL_REFUSED.filter((k) => k in schema), name).toEqual([]);
      expect(subschemaProblems(schema), name).toEqual([]);
      const id = name.replaceAll("__", ".");
      const validate = ajv.compile(schema);
      for (const input of examples.get(id) ?? []) expect(validate(input), `${id} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const names = withPack.map((d) => unwrap(format, d).name);
    // The same names in every format, MCP included: /mcp serves a pack tool's `.` as `__` too.
    expect(names).toEqual(["hash-text", "example__reverse-text"]);
  });

  it("a scoped key gets only what its scope names (by tool and by category), never a client-only tool", async () => {
    const client = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey({ scopes: { tools: ["uuid-generator", "example.word-count"], categories: ["crypto"] } }) });
    const names = (await client.toolDefinitions("anthropic")).map((d) => d.name);
    const { tools } = (await (await fetch(`${server.url}/api/v1/tools`)).json()).data;
    const crypto = tools.filter((t: any) => t.category === "crypto" && !t.clientOnly).map((t: any) => t.id);
    expect(crypto.length).toBeGreaterThan(3);
    expect(names.sort()).toEqual([...crypto, "uuid-generator", "example__word-count"].sort());
  });

  it("a named tool of a pack that is not installed is left out", async () => {
    const client = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey() });
    const names = (await client.toolDefinitions("mcp", { tools: ["hash-text", "nopack.tool", "example.no-such-tool"] })).map((d) => d.name);
    expect(names).toEqual(["hash-text"]);
  });

  it("a pack's tools reach a key of a workspace that enabled it through a scope's category, and never a key of no workspace", async () => {
    const byCategory = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey({ scopes: { categories: ["text"] } }) });
    const names = (await byCategory.toolDefinitions("openai-responses")).map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(["example__reverse-text", "example__word-count"]));
    const noWorkspace = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey({ workspace: false }) });
    expect((await noWorkspace.toolDefinitions("mcp", { tools: ["hash-text", "example.reverse-text"] })).map((d) => d.name)).toEqual(["hash-text"]);
    // What the server says the key may call is what execute allows: the pack tool answers 403 to that key.
    await expect(noWorkspace.execute("example.reverse-text", { text: "ab" })).rejects.toMatchObject({ status: 403, errorCode: "pack_not_enabled" });
  });

  it("lists, for the calling key, what it may execute with each tool's category and input schema", async () => {
    const apiKey = await server.mintKey({ scopes: { tools: ["hash-text", "example.word-count"] } });
    const tools = await new ToolClient({ baseUrl: server.url, apiKey }).callableTools();
    expect(tools.map((tool) => [tool.id, tool.category])).toEqual([["hash-text", "crypto"], ["example.word-count", "text"]]);
    expect(tools.every((tool) => tool.inputSchema.type === "object" && tool.name.length > 0 && tool.description.length > 0)).toBe(true);
  });

  it("from a server without GET /keys/current/tools, falls back to what the key and the catalog tell", async () => {
    // An older server: that route answers this server's own 404 for a route it does not have.
    const older: typeof fetch = (input, init) => fetch(String(input instanceof Request ? input.url : input).replace("/keys/current/tools", "/keys/current/no-such-route"), init);
    const client = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey(), fetch: older });
    const names = (await client.toolDefinitions("anthropic", { tools: ["hash-text", "example.reverse-text"] })).map((d) => d.name);
    expect(names).toEqual(["hash-text", "example__reverse-text"]);
    expect((await client.toolDefinitions("anthropic")).map((d) => d.name)).not.toContain("example__reverse-text");
  });

  it("an unknown format is refused before any request", async () => {
    const client = new ToolClient({ baseUrl: "http://127.0.0.1:9", apiKey: "unused" });
    await expect(client.toolDefinitions("gemini" as ToolFormat)).rejects.toThrow(/Unknown tool format/);
  });
});
