import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import nodeModule from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { built, createKeyWithCli, startServerProcess } from "./testing/process.ts";

// What `npm start` runs: the compiled entry (npm ci's prepare builds it), not the sources under tsx.
const ROOT = join(import.meta.dirname, "..");
const MAIN = built("adapters/main");
const RECORDER = join(ROOT, "adapters", "tools", "testing", "register-import-recorder.mjs");
/** Node ≥ 22.10 has the compile cache the server turns on; Node 20 has none. */
const HAS_COMPILE_CACHE = typeof (nodeModule as { flushCompileCache?: unknown }).flushCompileCache === "function";

const dir = mkdtempSync(join(tmpdir(), "compiled-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function mkdirIn(name: string): string {
  mkdirSync(join(dir, name));
  return join(dir, name);
}

/** Starts the compiled server with `env` and `nodeArgs`, gives `use` its URL once it listens, then SIGKILLs it. */
async function withCompiledServer<T>(env: Record<string, string>, nodeArgs: string[], use: (url: string) => Promise<T>): Promise<T> {
  const server = await startServerProcess({ LOG_LEVEL: "warn", ...env }, MAIN, nodeArgs);
  try {
    return await use(server.url);
  } finally {
    // SIGKILL: nothing is written at exit, so what the test finds was written while the server ran.
    server.child.kill("SIGKILL");
    await server.exited;
  }
}

describe("the compiled server's start", () => {
  it("loads inversify from the composition root itself, not as the 225 modules of its packages, and serves with it", async () => {
    const log = join(dir, "imports.log");
    const env = { DATA_DIR: join(dir, "inversify"), IMPORT_LOG: log };
    await withCompiledServer(env, ["--import", RECORDER], async (url) => {
      const key = await createKeyWithCli(env);
      const answer = await fetch(`${url}/api/v1/execute/hash-text`, {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": key.secret }, body: JSON.stringify({ input: { algorithm: "sha256", text: "abc" } }),
      });
      // FIPS 180-2's sha256("abc").
      expect((await answer.json()).data.output.digest).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    });
    const resolved = readFileSync(log, "utf8").split("\n");
    // The recorder saw the start: the composition root and a package it imports.
    expect(resolved.filter((url) => url.endsWith("/dist/adapters/container.js") || url.includes("/node_modules/h3/")).length).toBeGreaterThan(1);
    expect(resolved.filter((url) => /\/node_modules\/(inversify|@inversifyjs)\//.test(url))).toEqual([]);
  }, 120_000);

  it.skipIf(!HAS_COMPILE_CACHE)("keeps Node's compile cache in the temporary directory, written once it listens, not only at its exit; NODE_DISABLE_COMPILE_CACHE=1 leaves it off", async () => {
    const cacheIn = (temp: string) => join(temp, "node-compile-cache");
    const entries = (cache: string) => readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    const on = mkdirIn("tmp-on");
    await withCompiledServer({ DATA_DIR: join(dir, "data-on"), TMPDIR: on }, [], async () => undefined);
    // One entry per compiled module: the server's own hundreds and its packages'.
    expect(entries(cacheIn(on))).toBeGreaterThan(300);
    const off = mkdirIn("tmp-off");
    await withCompiledServer({ DATA_DIR: join(dir, "data-off"), TMPDIR: off, NODE_DISABLE_COMPILE_CACHE: "1" }, [], async () => undefined);
    expect(existsSync(cacheIn(off))).toBe(false);
  }, 120_000);
});
