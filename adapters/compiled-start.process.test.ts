import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import nodeModule from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv } from "./testing/child-env.ts";
import { createKeyWithCli } from "./testing/process.ts";

// What `npm start` runs: the compiled entry (npm ci's prepare builds it), not the sources under tsx.
const ROOT = join(import.meta.dirname, "..");
const MAIN = join(ROOT, "dist", "adapters", "main.js");
const RECORDER = join(ROOT, "adapters", "tools", "testing", "register-import-recorder.mjs");
/** Node ≥ 22.10 has the compile cache the server turns on; Node 20 has none. */
const HAS_COMPILE_CACHE = typeof (nodeModule as { flushCompileCache?: unknown }).flushCompileCache === "function";

const dir = mkdtempSync(join(tmpdir(), "compiled-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function mkdirIn(name: string): string {
  mkdirSync(join(dir, name));
  return join(dir, name);
}

/** Starts the compiled server with `env`, resolving with its URL at its "Listening on" line; then SIGKILLs it. */
async function withCompiledServer<T>(env: Record<string, string>, nodeArgs: string[], use: (url: string) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, [...nodeArgs, MAIN], { cwd: ROOT, env: childEnv({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env }), stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    return await use(await listeningUrl(child));
  } finally {
    // SIGKILL: nothing is written at exit, so what the test finds was written while the server ran.
    child.kill("SIGKILL");
    await exited;
  }
}

function listeningUrl(child: ChildProcess): Promise<string> {
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the compiled server exited with ${code}:\n${output}`)));
  });
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
