import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilClockReaches } from "../testing/clock.ts";
import { createKeyWithCli, runKeysCli, type ServerProcess, startServerProcess } from "../testing/process.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "../testing/rate-window.ts";

const HELLO = JSON.stringify({ input: { algorithm: "sha256", text: "hello world" } });
const BOGUS = "tk_dev_0000000000000000000000000000000000000";
let server: ServerProcess;
let env: Record<string, string>;

function execute(secret: string, path = "/api/v1/execute/hash-text", body = HELLO): Promise<Response> {
  return fetch(server.url + path, { method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body });
}

async function cli(args: string[]) {
  const result = await runKeysCli(args, env);
  if (result.code !== 0) throw new Error(`keys ${args.join(" ")} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

beforeAll(async () => {
  env = { DATA_DIR: mkdtempSync(join(tmpdir(), "keys-lifecycle-")) };
  server = await startServerProcess(env);
});

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill("SIGKILL");
  rmSync(env.DATA_DIR, { recursive: true, force: true });
});

describe("keys on a running server, changed by the CLI", () => {
  it("rotates: both secrets work through the grace, then the old one gets the identical 401", async () => {
    const key = await createKeyWithCli(env);
    expect((await execute(key.secret)).status).toBe(200);
    const rotated = await cli(["rotate", key.id, "--grace", "3", "--json"]);
    expect(rotated).toMatchObject({ id: key.id, name: "cli-test", status: "active" });
    expect(rotated.secret).not.toBe(key.secret);
    const graceEnd = Date.parse(rotated.previousSecretExpiresAt);
    expect((await execute(rotated.secret)).status).toBe(200);
    // Only meaningful while the grace lasts; the 3 s grace leaves room on a loaded machine.
    if (Date.now() < graceEnd - 500) expect((await execute(key.secret)).status).toBe(200);
    // The server reads the same clock: once it reads the grace's end, the old secret's next request is refused.
    await untilClockReaches(graceEnd);
    const old = await execute(key.secret);
    const bogus = await execute(BOGUS);
    expect(old.status).toBe(401);
    expect(await old.text()).toBe(await bogus.text());
    expect((await execute(rotated.secret)).status).toBe(200);
  });

  it("answers a scoped key 403 forbidden_tool on both routes, after counting the request", async () => {
    // The count is read across three requests: a day's window, started clear of its end (rate-window.ts).
    await clearOfWindowEnd();
    const key = await createKeyWithCli(env, ["--tools", "hash-text", "--limit", "10", "--window", String(COUNTED_WINDOW_SECONDS)]);
    for (const path of ["/api/v1/execute/url-encode", "/api/v1/tools/url-encode/execute"]) {
      const response = await execute(key.secret, path, JSON.stringify({ input: { text: "a b" } }));
      expect(response.status).toBe(403);
      expect((await response.json()).error_code).toBe("forbidden_tool");
      expect(response.headers.get("x-ratelimit-limit")).toBe("10");
    }
    const allowed = await execute(key.secret);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("x-ratelimit-remaining")).toBe("7");
    const current = await fetch(`${server.url}/api/v1/keys/current`, { headers: { "x-api-key": key.secret } });
    expect((await current.json()).data.key).toMatchObject({ scopes: { tools: ["hash-text"], categories: [] }, expiresAt: null, workspaceId: null });
  });

  it("applies a new limit from the next request, without a new secret", async () => {
    // A day's window, started clear of its end: a 60 s window could end between the CLI's steps and refill the count.
    await clearOfWindowEnd();
    const key = await createKeyWithCli(env, ["--limit", "100", "--window", String(COUNTED_WINDOW_SECONDS)]);
    expect((await execute(key.secret)).headers.get("x-ratelimit-limit")).toBe("100");
    const updated = await cli(["update", key.id, "--limit", "2", "--name", "smaller", "--json"]);
    expect(updated).toMatchObject({ id: key.id, name: "smaller", limit: 2 });
    // Every lookup reads the key's record: the very next request has the new limit (its 2nd unit, then 429).
    expect((await execute(key.secret)).headers.get("x-ratelimit-limit")).toBe("2");
    expect((await execute(key.secret)).status).toBe(429);
  });

  it("refuses an expired key with the identical 401 and lists it as expired", async () => {
    const key = (await createKeyWithCli(env, ["--expires-in", "1"])) as { id: string; secret: string; expiresAt: string };
    await untilClockReaches(Date.parse(key.expiresAt));
    expect((await execute(key.secret)).status).toBe(401);
    expect(await (await execute(key.secret)).text()).toBe(await (await execute(BOGUS)).text());
    const listed = (await cli(["list", "--json"])) as { id: string; status: string; expiresAt: string }[];
    expect(listed.find((k) => k.id === key.id)).toMatchObject({ status: "expired" });
  });
});

describe("keys' usage", () => {
  it("answers --help on stdout with exit 0, and a missing command on stderr with exit 2", async () => {
    const help = await runKeysCli(["--help"], env);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toContain("keys create --name NAME");
    const none = await runKeysCli([], env);
    expect(none).toMatchObject({ code: 2, stdout: "" });
    expect(none.stderr).toContain("keys create --name NAME");
  });
});
