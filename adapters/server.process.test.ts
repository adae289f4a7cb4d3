import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { createKeyWithCli, runKeysCli, type ServerProcess, startServerProcess, waitUntil } from "./testing/process.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "./testing/rate-window.ts";

const HELLO = JSON.stringify({ input: { algorithm: "sha256", text: "hello world" } });
const running: ServerProcess[] = [];
const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tool-api-"));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  running.push(server);
  return server;
}

function execute(url: string, secret: string, path = "/api/v1/execute/hash-text"): Promise<Response> {
  return fetch(url + path, { method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: HELLO });
}

afterAll(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

let shared: Promise<{ env: Record<string, string>; server: ServerProcess }> | undefined;
/** One server for the tests that only add keys of their own to a running server and never stop it: a start costs seconds of tsx. */
function sharedServer(): Promise<{ env: Record<string, string>; server: ServerProcess }> {
  shared ??= (async () => {
    const env = { DATA_DIR: dataDir() };
    return { env, server: await start(env) };
  })();
  return shared;
}

// Each test has its own server process (or the shared one) and data directory: they run side by side, their server
// starts and CLI runs (seconds of tsx each) overlapping.
describe.concurrent("the server process", () => {
  it("serves a CLI key through both routes and both headers, and never logs the key or the input", async ({ expect }) => {
    const { env, server } = await sharedServer();
    const key = await createKeyWithCli(env);
    const routes = ["/api/v1/execute/hash-text", "/api/v1/tools/hash-text/execute"];
    for (const path of routes) {
      for (const headers of [{ "x-api-key": key.secret }, { authorization: `Bearer ${key.secret}` }] as Record<string, string>[]) {
        const response = await fetch(server.url + path, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: HELLO });
        const body = await response.json();
        expect(body.data.output.digest).toBe("b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9");
      }
    }
    // Request lines are written in batches every 20 ms: wait for all four (a loaded machine runs the batch late).
    await waitUntil(async () => server.output().split('"keyId":"' + key.id).length - 1 >= 4, 30_000);
    expect(server.output()).not.toContain(key.secret);
    expect(server.output()).not.toContain("hello world");
  });

  it("keeps keys across kill -9 and a restart on the same DATA_DIR", async ({ expect }) => {
    const env = { DATA_DIR: dataDir() };
    const first = await start(env);
    const key = await createKeyWithCli(env);
    expect((await execute(first.url, key.secret)).status).toBe(200);
    first.child.kill("SIGKILL");
    await first.exited;
    const second = await start(env);
    expect((await execute(second.url, key.secret)).status).toBe(200);
  });

  // Every lookup reads the key's record (LMDB, shared by the CLI's process): the first request after the CLI exits is
  // refused, with no time bound a loaded machine can miss; a lookup cache in front of the record fails it.
  it("accepts a key created by the CLI at once and refuses it from the first request after a CLI revoke", async ({ expect }) => {
    const { env, server } = await sharedServer();
    const key = await createKeyWithCli(env);
    expect((await execute(server.url, key.secret)).status).toBe(200);
    const revoked = await runKeysCli(["revoke", key.id], env);
    expect(revoked.code).toBe(0);
    expect((await execute(server.url, key.secret)).status).toBe(401);
  });

  it("finishes in-flight requests on SIGTERM, exits 0, and keeps a key created just before", async ({ expect }) => {
    const env = { DATA_DIR: dataDir() };
    const server = await start(env);
    // The probes count the key's units: a day's window, started clear of its end, so none refills it meanwhile.
    await clearOfWindowEnd();
    const key = await createKeyWithCli(env, ["--limit", "1000", "--window", String(COUNTED_WINDOW_SECONDS)]);
    const slow = trickle(server.url, key.secret);
    // Conditions, not sleeps a loaded machine outlasts: the slow request is in flight once the server has taken its
    // rate-limit unit (it does before reading a body), seen as one unit more than the probes took; the body is
    // finished only once the server has begun shutting down.
    let probes = 0;
    await waitUntil(async () => {
      const probe = await execute(server.url, key.secret);
      await probe.arrayBuffer();
      probes += 1;
      return 1000 - Number(probe.headers.get("x-ratelimit-remaining")) === probes + 1;
    }, 60_000);
    server.child.kill("SIGTERM");
    await waitUntil(async () => server.output().includes("shutting down"), 60_000);
    const answer = await slow.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.output.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await server.exited).toBe(0);
    const restarted = await start(env);
    expect((await execute(restarted.url, key.secret)).status).toBe(200);
  });

  it("refuses to start on a bad RATE_LIMIT with a clear message and exit code 78", async ({ expect }) => {
    const server = startServerProcess({ DATA_DIR: dataDir(), RATE_LIMIT: "abc" });
    await expect(server).rejects.toThrow(/exited with 78[\s\S]*RATE_LIMIT="abc" is invalid/);
  });
});

/** Sends the headers and half the body now, the rest when `finish` is called: a request that is in flight. */
function trickle(url: string, secret: string) {
  const body = Buffer.from(HELLO);
  const { hostname, port } = new URL(url);
  let resolveAnswer: (value: { status: number; body: string }) => void;
  const answer = new Promise<{ status: number; body: string }>((resolve) => (resolveAnswer = resolve));
  const req = request({
    hostname, port, method: "POST", path: "/api/v1/execute/hash-text",
    headers: { "x-api-key": secret, "content-type": "application/json", "content-length": body.length },
  }, (res) => {
    let text = "";
    res.on("data", (chunk) => (text += chunk));
    res.on("end", () => resolveAnswer({ status: res.statusCode ?? 0, body: text }));
  });
  req.write(body.subarray(0, 10));
  return { finish: () => (req.end(body.subarray(10)), answer) };
}
