import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Answer, failure, type ScriptedServer, startScriptedServer, success } from "../testing/scripted-server.ts";
import { ToolClient } from "./client.ts";
import { ToolApiError } from "./errors.ts";

const KEY = "tk_dev_0123456789abcdefSECRETPART";
const servers: ScriptedServer[] = [];

async function scripted(script: Answer[]): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const server of servers.splice(0)) await server.close();
});

function everyRendering(value: unknown): string[] {
  return [String(value), JSON.stringify(value), inspect(value, { depth: 10, showHidden: true }), (value as Error).message ?? "", (value as Error).stack ?? ""];
}

describe("ToolApiError", () => {
  it("carries status, error code, message, details and request id of a 422", async () => {
    const details = [{ path: "/input/text", message: "must be string" }];
    const server = await scripted([failure(422, "invalid_input", { details })]);
    const error = (await new ToolClient({ baseUrl: server.url, apiKey: KEY }).execute("hash-text", { algorithm: "sha256", text: "x" }).catch((e: unknown) => e)) as ToolApiError;
    expect(error).toBeInstanceOf(ToolApiError);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ name: "ToolApiError", status: 422, errorCode: "invalid_input", message: "invalid_input happened", details, requestId: "req-422" });
    expect(String(error)).toBe("ToolApiError: 422 invalid_input: invalid_input happened");
  });

  it("shows the status and the error code in String(error) and in a template string, never the key", async () => {
    const server = await scripted([failure(429, "rate_limited", { headers: { "retry-after": "3600" } })]);
    const error = (await new ToolClient({ baseUrl: server.url, apiKey: KEY }).execute("hash-text", { algorithm: "sha256", text: "x" }).catch((e: unknown) => e)) as ToolApiError;
    expect(error.retryAfterSeconds).toBe(3600);
    expect(String(error)).toBe("ToolApiError: 429 rate_limited: rate_limited happened");
    expect(`${error}`).toBe(String(error));
    expect(String(error)).not.toContain(KEY);
  });

  it("leaves the status out of String(error) when no answer arrived", async () => {
    const error = (await new ToolClient({ baseUrl: "http://127.0.0.1:1", apiKey: KEY, retry: { maxAttempts: 1 } }).tools().catch((e: unknown) => e)) as ToolApiError;
    expect(String(error)).toMatch(/^ToolApiError: network_error: /);
    expect(String(error)).not.toContain(KEY);
  });

  it("never shows the key, even when a server echoes it into a message", async () => {
    const echo: Answer = { status: 401, body: { status: "error", code: 401, error_code: "unauthorized", message: `bad key ${KEY}` } };
    const server = await scripted([echo]);
    const target = new ToolClient({ baseUrl: server.url, apiKey: KEY });
    const error = await target.execute("hash-text", { algorithm: "sha256", text: "x" }).catch((e: unknown) => e);
    expect(server.seen[0].headers["x-api-key"]).toBe(KEY);
    for (const text of [...everyRendering(error), ...everyRendering(target)]) expect(text).not.toContain(KEY);
    expect((error as ToolApiError).message).toBe("bad key [redacted]");
  });

  it("reads an answer without an envelope as invalid_response", async () => {
    const server = await scripted([{ status: 502, body: "upstream down" }]);
    const error = (await new ToolClient({ baseUrl: server.url }).tools().catch((e: unknown) => e)) as ToolApiError;
    expect([error.status, error.errorCode]).toEqual([502, "invalid_response"]);
  });
});

describe("keys and base URLs", () => {
  it("takes the key from TOOL_API_KEY when no apiKey is given", async () => {
    vi.stubEnv("TOOL_API_KEY", KEY);
    const server = await scripted([success({ key: { id: "k1" } })]);
    expect(await new ToolClient({ baseUrl: server.url }).currentKey()).toEqual({ id: "k1" });
    expect(server.seen[0]).toMatchObject({ method: "GET", path: "/api/v1/keys/current" });
    expect(server.seen[0].headers["x-api-key"]).toBe(KEY);
  });

  it("sends no key header when it has none", async () => {
    vi.stubEnv("TOOL_API_KEY", "");
    const server = await scripted([success({ tools: [] })]);
    await new ToolClient({ baseUrl: server.url }).tools();
    expect(server.seen[0].headers["x-api-key"]).toBeUndefined();
  });

  it.each(["", "/", "/api/v1", "/api/v1/"])("adds /api/v1 to an origin once (baseUrl suffix %j)", async (suffix) => {
    const server = await scripted([success({ tool: { id: "hash-text" } })]);
    await new ToolClient({ baseUrl: server.url + suffix }).tool("hash-text");
    expect(server.seen[0].path).toBe("/api/v1/tools/hash-text");
  });

  it("posts {input} as JSON to the tool's execute route", async () => {
    const server = await scripted([success({ output: { algorithm: "md5", digest: "x" } })]);
    await new ToolClient({ baseUrl: server.url, apiKey: KEY }).execute("hash-text", { algorithm: "md5", text: "hi" });
    expect(server.seen[0]).toMatchObject({ method: "POST", path: "/api/v1/execute/hash-text" });
    expect(server.seen[0].headers["content-type"]).toBe("application/json");
    expect(JSON.parse(server.seen[0].body)).toEqual({ input: { algorithm: "md5", text: "hi" } });
  });

  it("refuses a base URL that is not http(s)", () => {
    expect(() => new ToolClient({ baseUrl: "ftp://example.com" })).toThrow(TypeError);
    expect(() => new ToolClient({ baseUrl: "not a url" })).toThrow(TypeError);
  });
});

describe("in a browser", () => {
  it("refuses to start unless dangerouslyAllowBrowser is true", () => {
    vi.stubGlobal("window", {});
    vi.stubGlobal("document", {});
    expect(() => new ToolClient({ baseUrl: "https://tools.example.com", apiKey: KEY })).toThrow(/browser/);
    expect(new ToolClient({ baseUrl: "https://tools.example.com", apiKey: KEY, dangerouslyAllowBrowser: true })).toBeInstanceOf(ToolClient);
  });

  it("does not mistake a server with only a global `window` for a browser", () => {
    vi.stubGlobal("window", {});
    expect(new ToolClient({ baseUrl: "https://tools.example.com" })).toBeInstanceOf(ToolClient);
  });
});
