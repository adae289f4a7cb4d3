import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { echoing, type HostileServer, startHostileServer } from "../testing/hostile-server.ts";
import type { Seen } from "../testing/scripted-server.ts";
import { ToolClient } from "./client.ts";
import { ToolApiError } from "./errors.ts";

// Characters that change under URL and base64 encoding, so each encoded form is a distinct string.
const KEY = "tk_live_S3cr3t+/=Key&Part 0123456789~xyz";
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

/** Every way a hostile server echoes the key it received: plain, URL-encoded, base64 at each byte alignment. */
function echoesOf(key: string): string[] {
  return [key, encodeURIComponent(key), encodeURI(key), b64(key), b64url(key), b64(`u:${key}`), b64(`ab:${key}`), b64url(`x:${key}`), b64(`${key}!`)];
}

const servers: HostileServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A 401 that puts the key it got into every field the client reads: code, message, details, request id. */
function echoEverywhere(request: Seen) {
  const key = String(request.headers["x-api-key"]);
  const echoes = echoesOf(key);
  return {
    headers: { "x-request-id": `req-${encodeURIComponent(key)}`, "www-authenticate": `Bearer ${key}` },
    body: {
      status: "error", code: 401, error_code: `bad_${key}`, message: `you sent ${echoes.join(" and ")}`,
      details: [{ path: `/input/${key}`, message: echoes.join(","), [key]: { nested: [b64(key)] } }],
    },
  };
}

function renderings(error: ToolApiError): string[] {
  const cause = error.cause === undefined ? "" : inspect(error.cause, { depth: 10, showHidden: true });
  return [JSON.stringify(error), error.message, String(error), error.stack ?? "", error.errorCode, error.requestId ?? "", JSON.stringify(error.details) ?? "", cause,
    inspect(error, { depth: 10, showHidden: true })];
}

describe("the key in a ToolApiError", () => {
  it("never appears in any field, in plain, URL-encoded or base64 form, when a server echoes it everywhere", async () => {
    const server = await startHostileServer(echoing(401, echoEverywhere));
    servers.push(server);
    const error = (await new ToolClient({ baseUrl: server.url, apiKey: KEY }).execute("hash-text", { algorithm: "sha256", text: "x" }).catch((e: unknown) => e)) as ToolApiError;
    expect(error).toBeInstanceOf(ToolApiError);
    expect(server.seen[0].headers["x-api-key"]).toBe(KEY);
    expect([error.status, error.details?.length]).toEqual([401, 1]);
    for (const text of renderings(error)) for (const form of echoesOf(KEY)) expect(text).not.toContain(form);
  });

  it("never appears in the cause of a network error, even when the fetch's error quotes it", async () => {
    const leaky: typeof fetch = async (_input, init) => {
      const sent = new Headers(init?.headers).get("x-api-key");
      throw new TypeError(`connect refused for ${sent}`, { cause: Object.assign(new Error(`header ${b64(String(sent))}`), { code: "ECONNREFUSED", key: sent }) });
    };
    const error = (await new ToolClient({ baseUrl: "http://127.0.0.1:1", apiKey: KEY, fetch: leaky, retry: { maxAttempts: 2, baseMs: 1, capMs: 2 } })
      .tools().catch((e: unknown) => e)) as ToolApiError;
    expect([error.status, error.errorCode]).toEqual([0, "network_error"]);
    expect(error.message).toContain("connect refused for [redacted]");
    for (const text of renderings(error)) for (const form of echoesOf(KEY)) expect(text).not.toContain(form);
  });

  it("keeps a network error's own cause when it does not mention the key", async () => {
    const original = new TypeError("fetch failed");
    const failing: typeof fetch = async () => {
      throw original;
    };
    const error = (await new ToolClient({ baseUrl: "http://127.0.0.1:1", apiKey: KEY, fetch: failing, retry: { maxAttempts: 1 } }).tools().catch((e: unknown) => e)) as ToolApiError;
    expect(error.cause).toBe(original);
  });
});
