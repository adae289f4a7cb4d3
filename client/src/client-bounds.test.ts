import { afterEach, describe, expect, it } from "vitest";
import { type Behaviour, endlessBody, type HostileServer, silence, startHostileServer, trickleBody } from "../testing/hostile-server.ts";
import { failure, type ScriptedServer, startScriptedServer, success } from "../testing/scripted-server.ts";
import { ToolClient, type ToolClientOptions } from "./client.ts";
import { ToolApiError } from "./errors.ts";

const HASH = { algorithm: "sha256", digest: "00" };
const servers: (HostileServer | ScriptedServer)[] = [];

async function hostile(behaviour: Behaviour): Promise<HostileServer> {
  const server = await startHostileServer(behaviour);
  servers.push(server);
  return server;
}

async function scripted(...script: Parameters<typeof startScriptedServer>[0]): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const client = (url: string, options: Partial<ToolClientOptions> = {}) => new ToolClient({ baseUrl: url, apiKey: "tk_test_secret", retry: { baseMs: 1, capMs: 5 }, ...options });
const run = (target: ToolClient): Promise<ToolApiError> =>
  target.execute("hash-text", { algorithm: "sha256", text: "x" }).then(() => expect.fail("the call resolved"), (e: unknown) => e as ToolApiError);

describe("a wait the server asks for", () => {
  it("longer than the default maxWaitMs (60 s) fails the call at once with the 429 and how long it asked", async () => {
    const server = await scripted(failure(429, "rate_limited", { headers: { "retry-after": "3600" } }), success({ output: HASH }));
    const started = Date.now();
    const error = await run(client(server.url));
    // The server asked for an hour; a generous bound on a loaded machine still proves no sleep happened.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toBeInstanceOf(ToolApiError);
    expect([error.status, error.errorCode, error.retryAfterSeconds]).toEqual([429, "rate_limited", 3600]);
    expect(server.seen).toHaveLength(1);
  });

  it("longer than a small maxWaitMs fails at once, read from X-Ratelimit-Reset when Retry-After is absent", async () => {
    const server = await scripted(failure(429, "rate_limited", { headers: { "x-ratelimit-reset": "3" } }), success({ output: HASH }));
    const error = await run(client(server.url, { retry: { baseMs: 1, capMs: 5, maxWaitMs: 1000 } }));
    expect([error.status, error.retryAfterSeconds]).toEqual([429, 3]);
    expect(server.seen).toHaveLength(1);
  });

  it("on a 503 is bounded the same way", async () => {
    const server = await scripted(failure(503, "server_busy", { headers: { "retry-after": "3600" } }), success({ output: HASH }));
    const error = await run(client(server.url));
    expect([error.status, error.errorCode, error.retryAfterSeconds]).toEqual([503, "server_busy", 3600]);
    expect(server.seen).toHaveLength(1);
  });

  // 2^31 ms is 2147483.648 s: every value here overflowed Node's timer to 1 ms before, or is larger still.
  it.each([["2^31 ms", "2147484"], ["2^32 ms", "4294968"], ["20 digits", "99999999999999999999"], ["400 digits", "9".repeat(400)], ["the year 9999", "Fri, 31 Dec 9999 23:59:59 GMT"]])(
    "of %s never makes a burst of requests, even with the largest maxWaitMs", async (_name, retryAfter) => {
      const server = await scripted(failure(429, "rate_limited", { headers: { "retry-after": retryAfter } }), success({ output: HASH }));
      const error = await run(client(server.url, { retry: { baseMs: 1, capMs: 5, maxWaitMs: 2 ** 31 - 1 } }));
      expect([error.status, error.errorCode]).toEqual([429, "rate_limited"]);
      expect(error.retryAfterSeconds).toBeGreaterThan(2 ** 31 / 1000);
      expect(Number.isFinite(error.retryAfterSeconds)).toBe(true);
      expect(server.seen).toHaveLength(1);
    });

  it("within maxWaitMs is still waited and retried", async () => {
    const server = await scripted(failure(429, "rate_limited", { headers: { "retry-after": "1" } }), success({ output: HASH }));
    expect(await client(server.url, { retry: { baseMs: 1, capMs: 5, maxWaitMs: 1000 } }).execute("hash-text", { algorithm: "sha256", text: "x" })).toEqual(HASH);
    expect(server.seen).toHaveLength(2);
  });
});

describe("an answer body", () => {
  it("without end fails with response_too_large once past maxResponseBytes, having read little of it", async () => {
    const server = await hostile(endlessBody());
    const error = await run(client(server.url, { maxResponseBytes: 1024 * 1024 }));
    expect(error).toBeInstanceOf(ToolApiError);
    expect([error.status, error.errorCode]).toEqual([200, "response_too_large"]);
    expect(server.seen).toHaveLength(1);
    expect(server.written()).toBeLessThan(256 * 1024 * 1024);
  });

  it("of an error status without end fails the same way", async () => {
    const server = await hostile(endlessBody(500));
    const error = await run(client(server.url, { maxResponseBytes: 64 * 1024 }));
    expect([error.status, error.errorCode]).toEqual([500, "response_too_large"]);
  });

  it("declared larger than maxResponseBytes is refused before it is read", async () => {
    const server = await scripted({ status: 200, headers: { "content-length": "2000" }, body: "x".repeat(1998) });
    const error = await run(client(server.url, { maxResponseBytes: 1000 }));
    expect(error.errorCode).toBe("response_too_large");
  });

  it("at exactly maxResponseBytes is read", async () => {
    const body = JSON.stringify(success({ output: HASH }).body);
    const server = await scripted(success({ output: HASH }));
    expect(await client(server.url, { maxResponseBytes: Buffer.byteLength(body) }).execute("hash-text", { algorithm: "sha256", text: "x" })).toEqual(HASH);
  });
});

describe("a request that takes too long", () => {
  // timeoutMs of 3 s, not less: on a loaded machine the request may take that long to reach the server (then seen
  // would be empty) or its headers to come back (then status 0): this is about the client's timeout, not the machine.
  it("with a body trickled a byte at a time fails with response_timeout after timeoutMs, not retried", async () => {
    const server = await hostile(trickleBody(100));
    const error = await run(client(server.url, { timeoutMs: 3000 }));
    expect(error).toBeInstanceOf(ToolApiError);
    expect([error.status, error.errorCode]).toEqual([200, "response_timeout"]);
    expect(server.seen).toHaveLength(1);
  });

  it("with no answer at all fails with response_timeout and status 0", async () => {
    const server = await hostile(silence());
    const error = await run(client(server.url, { timeoutMs: 3000 }));
    expect([error.status, error.errorCode]).toEqual([0, "response_timeout"]);
    expect(server.seen).toHaveLength(1);
  });

  it("still rejects with the caller's own reason when the caller's signal fires first", async () => {
    const server = await hostile(silence());
    const error = await client(server.url, { timeoutMs: 30_000 }).tools({ signal: AbortSignal.timeout(200) }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("TimeoutError");
  });
});

describe("limit settings", () => {
  it.each([
    { timeoutMs: 0 }, { timeoutMs: Number.NaN }, { timeoutMs: 2 ** 31 }, { maxResponseBytes: 0 }, { maxResponseBytes: 1.5 },
    { retry: { maxWaitMs: -1 } }, { retry: { maxWaitMs: Number.NaN } }, { retry: { maxWaitMs: 2 ** 31 } },
  ])("refuses %o", (options) => {
    expect(() => client("http://127.0.0.1:1", options as Partial<ToolClientOptions>)).toThrow(RangeError);
  });
});
