import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createKeyWithCli, type ServerProcess, startServerProcess } from "../testing/process.ts";

const LIMIT = 1000;
const BODY = JSON.stringify({ input: { algorithm: "md5", text: "abc" } });
const running: ServerProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ ...env, LOG_LEVEL: "warn" });
  running.push(server);
  return server;
}

/** Sends `times` requests one after another; answers the last one's remaining count and reset seconds. */
async function spend(url: string, secret: string, times: number): Promise<{ remaining: number; reset: number }> {
  let last = { remaining: -1, reset: -1 };
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${url}/api/v1/execute/hash-text`, { method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: BODY });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    last = { remaining: Number(response.headers.get("x-ratelimit-remaining")), reset: Number(response.headers.get("x-ratelimit-reset")) };
  }
  return last;
}

/** A key whose day-long window will not roll over during the test (waits out the last two minutes of a day). */
async function freshKey(env: Record<string, string>): Promise<string> {
  const key = await createKeyWithCli(env, ["--limit", String(LIMIT), "--window", "86400"]);
  const secondsLeft = 86_400 - Math.floor(Date.now() / 1000) % 86_400;
  if (secondsLeft < 120) await new Promise((resolve) => setTimeout(resolve, (secondsLeft + 1) * 1000));
  return key.secret;
}

// Two server starts, a CLI run and tens of requests per test (plus up to 2 min waiting out a day's end): generous on a loaded 2-core machine.
describe("embedded rate-limit windows across restarts", { timeout: 300_000 }, () => {
  it("keeps every count exactly over a graceful restart (SIGTERM)", async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), "windows-")) };
    dirs.push(env.DATA_DIR);
    const first = await start(env);
    const secret = await freshKey(env);
    expect((await spend(first.url, secret, 37)).remaining).toBe(LIMIT - 37);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    const second = await start(env);
    expect((await spend(second.url, secret, 1)).remaining).toBe(LIMIT - 38);
  });

  it("loses no count on kill -9: every hit was written before its answer", async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), "windows-")) };
    dirs.push(env.DATA_DIR);
    const first = await start(env);
    const secret = await freshKey(env);
    await spend(first.url, secret, 35);
    first.child.kill("SIGKILL");
    await first.exited;
    const second = await start(env);
    expect((await spend(second.url, secret, 1)).remaining).toBe(LIMIT - 36);
  });
});
