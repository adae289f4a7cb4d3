import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type Answer, failure, type ScriptedServer, startScriptedServer, success } from "../testing/scripted-server.ts";
import { ToolClient } from "./client.ts";
import type { RetryOptions } from "./retry.ts";
import { ToolApiError } from "./errors.ts";

const HASH = { algorithm: "sha256", digest: "00" };
const servers: ScriptedServer[] = [];

async function scripted(script: Answer[]): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const client = (url: string, retry: RetryOptions = { baseMs: 1, capMs: 5 }) => new ToolClient({ baseUrl: url, apiKey: "tk_test_secret", retry });
const run = (target: ToolClient, signal?: AbortSignal) => target.execute("hash-text", { algorithm: "sha256", text: "x" }, { signal });

describe("retries", () => {
  it("resolves after two 503s with Retry-After, having waited what they asked", async () => {
    const busy = failure(503, "server_busy", { headers: { "retry-after": "1" } });
    const server = await scripted([busy, busy, success({ output: HASH })]);
    expect(await run(client(server.url))).toEqual(HASH);
    expect(server.seen).toHaveLength(3);
    // Retry-After: 1 is whole seconds, so each retry came at least ~1 s after the one before.
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(950);
    expect(server.seen[2].at - server.seen[1].at).toBeGreaterThanOrEqual(950);
  });

  it("waits X-Ratelimit-Reset on a 429 without Retry-After", async () => {
    const server = await scripted([failure(429, "rate_limited", { headers: { "x-ratelimit-reset": "1" } }), success({ output: HASH })]);
    expect(await run(client(server.url))).toEqual(HASH);
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(950);
  });

  it("stops after maxAttempts requests and rejects with the last answer", async () => {
    const server = await scripted([failure(503, "service_unavailable")]);
    const error = await run(client(server.url, { maxAttempts: 3, baseMs: 1, capMs: 5 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolApiError);
    expect((error as ToolApiError).status).toBe(503);
    expect(server.seen).toHaveLength(3);
  });

  it.each([
    [400, "invalid_request"], [401, "unauthorized"], [403, "forbidden_tool"], [404, "tool_not_found"],
    [413, "payload_too_large"], [415, "unsupported_media_type"], [422, "invalid_input"], [500, "internal_error"], [504, "tool_timeout"],
  ])("never retries %i %s, even with a Retry-After", async (status, code) => {
    const server = await scripted([failure(status, code, { headers: { "retry-after": "1" } }), success({ output: HASH })]);
    const error = (await run(client(server.url)).catch((e: unknown) => e)) as ToolApiError;
    expect(error).toBeInstanceOf(ToolApiError);
    expect([error.status, error.errorCode, error.requestId]).toEqual([status, code, `req-${status}`]);
    expect(server.seen).toHaveLength(1);
  });

  it("retries network errors with backoff, then rejects with network_error after maxAttempts", async () => {
    const port = await closedPort();
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const target = new ToolClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "tk_test_secret", fetch: counting, retry: { maxAttempts: 4, baseMs: 1, capMs: 5 } });
    const error = (await run(target).catch((e: unknown) => e)) as ToolApiError;
    expect(error).toBeInstanceOf(ToolApiError);
    expect([error.status, error.errorCode]).toEqual([0, "network_error"]);
    expect(calls).toBe(4);
  });

  // Each abort comes once its moment is reached, not after a fixed 200 ms: a loaded machine can take longer than that
  // to send the first request at all, and the abort would land before the server saw it.
  it("honours an AbortSignal during a wait between attempts", async () => {
    const server = await scripted([failure(503, "server_busy", { headers: { "retry-after": "60" } })]);
    let answered = false;
    const noting: typeof fetch = (input, init) => fetch(input, init).then((response) => ((answered = true), response));
    const controller = new AbortController();
    const reason = new Error("stopped during the wait");
    const started = Date.now();
    const pending = run(new ToolClient({ baseUrl: server.url, apiKey: "tk_test_secret", fetch: noting }), controller.signal).catch((e: unknown) => e);
    await until(() => answered);
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(server.seen).toHaveLength(1);
    // The server asked for 60 s; a generous bound for a loaded machine still proves the wait was cut.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("honours an AbortSignal during a request", async () => {
    const hanging = await startScriptedServer([], () => new Promise(() => {}));
    servers.push(hanging);
    const controller = new AbortController();
    const reason = new Error("stopped during the request");
    const pending = run(client(hanging.url), controller.signal).catch((e: unknown) => e);
    await until(() => hanging.seen.length === 1);
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(hanging.seen).toHaveLength(1);
  });
});

/** Polls until `check` holds (the test's own timeout ends a wait that never does). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A port on 127.0.0.1 that nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
