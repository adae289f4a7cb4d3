// The README's walkthrough, run as written and in order: the blocks under `<!-- walkthrough step N … -->`, i.e. the
// quick start's `npm start`, the first key and call, an agent's MCP configuration, and the conformance run against
// that server. The shell steps run in bash as in one terminal: what a step exports, the next one has.
//
// Not a real fresh clone: `git clone` and `npm ci` take minutes and the network, and an `npm ci` here would replace
// the node_modules that other test files are using. So the commands run in this checkout, which `npm ci` set up (it
// builds dist/, which `npm start`, `keys` and `conformance` run), with what a fresh clone has: an empty DATA_DIR, none
// of the server's variables, no keys in the environment. The server listens on a free port rather than 3000, and
// the README's http://127.0.0.1:3000 is swapped for it.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "./adapters/testing/child-env.ts";
import { readMarkdown, type WalkthroughStep, walkthroughSteps } from "./adapters/testing/readme.ts";

const ROOT = import.meta.dirname;
const README_URL = "http://127.0.0.1:3000";
// sha256("hello world"), as `printf 'hello world' | sha256sum` prints it.
const HELLO_WORLD_SHA256 = "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9";
const STEPS = walkthroughSteps(readMarkdown());
const step = (number: number): WalkthroughStep => {
  const found = STEPS.find((candidate) => candidate.number === number);
  if (!found) throw new Error(`README.md has no block under <!-- walkthrough step ${number} -->`);
  return found;
};

let dir: string;
let env: Record<string, string>;
let server: { child: ChildProcess; url: string; output: () => string; exited: Promise<unknown> };

beforeAll(async () => {
  if (!existsSync(join(ROOT, "dist", "adapters", "main.js"))) throw new Error("dist/ is missing: npm ci builds it");
  dir = mkdtempSync(join(tmpdir(), "readme-walkthrough-"));
  // TOOL_WARM_UP as a newcomer has it (childEnv turns it off): step 4's conformance run calls every isolated tool, and
  // a tool process loading mathjs on math-evaluator's first call once took past its 10-s cap on a loaded machine.
  env = childEnv({ DATA_DIR: join(dir, "data"), BASH_ENV: undefined, ENV: undefined, TOOL_WARM_UP: undefined });
  server = await startQuickStart(step(1).body, env);
}, 120_000);

afterAll(async () => {
  if (server?.child.pid && server.child.exitCode === null) {
    process.kill(-server.child.pid, "SIGTERM");
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (server.child.exitCode === null) process.kill(-server.child.pid, "SIGKILL");
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("README walkthrough, in order on a fresh data directory", () => {
  it("has steps 1 to 4, in reading order: the quick start, the first call, an MCP configuration, the conformance run", () => {
    expect(STEPS.map(({ number, lang }) => [number, lang])).toEqual([[1, "sh"], [2, "sh"], [3, "json"], [4, "sh"]]);
  });

  it("step 1: `npm start` of the quick start serves the API", async () => {
    const answer = await fetch(`${server.url}/api/v1/health`);
    expect(answer.status, server.output()).toBe(200);
  });

  it("step 2: the first key and call answer the SHA-256 of \"hello world\"", async () => {
    const script = step(2).body;
    expect(script).toContain(README_URL);
    expect(script).not.toMatch(/\bjq\b/);
    const { stdout } = await bashStep(script, 60_000);
    expect(JSON.parse(stdout)).toMatchObject({ status: "success", code: 200, data: { output: { algorithm: "sha256", digest: HELLO_WORLD_SHA256 } } });
  }, 90_000);

  it("step 3: the MCP configuration parses, and its URL and header call a tool with the first call's key", async () => {
    const config = JSON.parse(step(3).body) as { mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }> };
    const [entry] = Object.values(config.mcpServers);
    expect(entry).toMatchObject({ type: "http", url: `${README_URL}/mcp` });
    expect(entry.headers.Authorization).toBe("Bearer tk_dev_…");
    const key = (await bashStep('printf %s "$TOOL_API_KEY"', 10_000)).stdout;
    expect(key).toMatch(/^tk_dev_/);
    const headers = Object.fromEntries(Object.entries(entry.headers).map(([name, value]) => [name, value.replace("tk_dev_…", key)]));
    const client = new Client({ name: "readme-walkthrough", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(entry.url.replace(README_URL, server.url)), { requestInit: { headers } }));
    try {
      const result = await client.callTool({ name: "hash-text", arguments: { algorithm: "sha256", text: "hello world" } });
      expect(result.structuredContent).toEqual({ algorithm: "sha256", digest: HELLO_WORLD_SHA256 });
    } finally {
      await client.close();
    }
  }, 30_000);

  it("step 4: the conformance run against that server passes with the keys the README makes for it", async () => {
    const script = step(4).body;
    // The 60-per-60 s key of the first call has too little room for the suite: the step must make its own.
    expect(script).not.toContain("TOOL_API_KEY");
    expect(script).toMatch(/CONFORMANCE_RATE_LIMITED_KEY=.*--limit 1 --window 86400/);
    expect(script).toContain(README_URL);
    // Two CLI starts and a run of ≈ 1,000 requests: 37–47 s in a CI run on a slow day, past 110 s with two suites side
    // by side on 2 cores. The bound is for a run that hangs, not a speed test.
    const { stdout } = await bashStep(script, 300_000);
    const keys = (await bashStep('printf "%s\\n%s" "$CONFORMANCE_API_KEY" "$CONFORMANCE_RATE_LIMITED_KEY"', 10_000)).stdout.split("\n");
    expect(keys.every((key) => /^tk_dev_/.test(key))).toBe(true);
    for (const key of keys) expect(stdout).not.toContain(key);
    const last = stdout.trimEnd().split("\n").at(-1) ?? "";
    expect(last, stdout.slice(-4000)).toMatch(/^conformance: [1-9]\d* passed, 0 failed(, \d+ skipped)? \(\d+ transactions/);
  }, 330_000);
});

/**
 * Runs the quick start's first command as a newcomer would after `npm ci` (already done in this checkout, see the top)
 * in its own process group, so that stopping it stops npm and the server. Resolves once it prints its URL.
 */
function startQuickStart(block: string, env: Record<string, string>): Promise<typeof server> {
  const first = block.split("\n")[0].replace(/#.*$/, "").trim();
  if (first !== "npm ci && npm start") throw new Error(`the quick start's first command is "${first}", not "npm ci && npm start"`);
  const child = spawn("bash", ["-c", "exec npm start"], { cwd: ROOT, env: { ...env, PORT: "0" }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL:\n${output}`)), 100_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-65_536);
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output, exited });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`npm start exited with ${String(code)}:\n${output}`)));
  });
}

/**
 * Runs one shell step in bash as the next command of the same terminal: what earlier steps exported is sourced
 * first, and what this one exports is saved for the next. The README's URL is swapped for the server's.
 */
function bashStep(script: string, timeout: number): Promise<{ stdout: string; stderr: string }> {
  const state = join(dir, "exports.sh");
  const wrapped = `if [ -f "$WALKTHROUGH_STATE" ]; then source "$WALKTHROUGH_STATE"; fi\n${script.replaceAll(README_URL, server.url)}\nexport -p > "$WALKTHROUGH_STATE"\n`;
  return new Promise((resolve, reject) => {
    execFile("bash", ["-eo", "pipefail", "-c", wrapped], { cwd: ROOT, env: { ...env, WALKTHROUGH_STATE: state }, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stdout.slice(-8000)}\n${stderr.slice(-4000)}`)) : resolve({ stdout, stderr }));
  });
}
