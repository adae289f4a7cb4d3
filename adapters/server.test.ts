import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AnyTool } from "../domain/tool.ts";
import { loadConfig } from "./config.ts";
import { TOKENS } from "./container.ts";
import { whereItRan } from "./core/testing/own-worker-tools.ts";
import { createLogger } from "./logger.ts";
import { type RunningServer, startServer } from "./server.ts";
import { hashText } from "./tools/crypto/hash-text.ts";
import { jsonMinify } from "./tools/json-data/json-minify.ts";
import { mathEvaluator } from "./tools/math/math-evaluator.ts";

const running: RunningServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve(tools: readonly AnyTool[], env: Record<string, string> = {}, logger = createLogger("silent")): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "server-pool-"));
  dirs.push(dir);
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", TOOL_CONCURRENCY: "1", ...env });
  if (!config.ok) throw new Error(config.error.join("; "));
  const server = await startServer(config.value, { logger, tools });
  running.push(server);
  return server;
}

/** This process's tool processes: its children (of every thread) running the tool child entry. */
function toolProcesses(): number[] {
  return readdirSync(`/proc/${process.pid}/task`)
    .flatMap((thread) => readFileSync(`/proc/${process.pid}/task/${thread}/children`, "utf8").trim().split(/\s+/).filter(Boolean))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("tool-child");
      } catch {
        return false; // exited meanwhile
      }
    })
    .map(Number);
}

/** An execute of `tool` with a key made for it: its status and parsed body. */
async function execute(server: RunningServer, tool: string, input: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const created = await server.container.get(TOKENS.createKey).execute({ name: "pool", env: "development" });
  if (!created.ok) throw new Error(created.error.message);
  const response = await fetch(`${server.url}/api/v1/execute/${tool}`, {
    method: "POST", headers: { "x-api-key": created.value.secret, "content-type": "application/json" },
    body: JSON.stringify({ input }),
  });
  return { status: response.status, body: await response.json() };
}

const executeHash = async (server: RunningServer) => (await execute(server, "hash-text", { algorithm: "sha256", text: "abc" })).status;

describe("startServer's tool processes", () => {
  it("starts none for a tool set without an isolated tool, and still answers its tools", async () => {
    const before = toolProcesses();
    const server = await serve([hashText]);
    expect(await executeHash(server)).toBe(200);
    // Past the moment a pool would boot (300 ms after listening), with margin for a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(toolProcesses().filter((pid) => !before.includes(pid))).toEqual([]);
  });

  it("runs a worker: true tool of one's own in a tool process, which imports it from its definition's module", async () => {
    const server = await serve([hashText, whereItRan], { TOOL_QUEUE_WAIT_MS: "60000" });
    const answer = await execute(server, "where-it-ran", {});
    expect(answer.status).toBe(200);
    const { pid } = (answer.body as { data: { output: { pid: number } } }).data.output;
    expect(toolProcesses()).toContain(pid);
  });

  it("with TOOL_WARM_UP=false, starts none until the first isolated call, which it then answers", async () => {
    const before = toolProcesses();
    // The call waits for a tool process to start from sources (under tsx here), seconds on a loaded machine; and the
    // isolated tool is one with no library to load in its run cap (math-evaluator's mathjs once took past its 10 s).
    const server = await serve([hashText, jsonMinify], { TOOL_WARM_UP: "false", TOOL_QUEUE_WAIT_MS: "60000" });
    expect(await executeHash(server)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(toolProcesses().filter((pid) => !before.includes(pid))).toEqual([]);
    const [example] = jsonMinify.examples;
    expect((await execute(server, "json-minify", example.input)).body).toMatchObject({ status: "success", data: { output: example.output } });
    expect(toolProcesses().filter((pid) => !before.includes(pid)).length).toBeGreaterThan(0);
  });

  it("starts them once listening when one of its tools is isolated", async () => {
    const before = toolProcesses();
    const server = await serve([hashText, mathEvaluator]);
    expect(await executeHash(server)).toBe(200);
    await expect.poll(() => toolProcesses().filter((pid) => !before.includes(pid)).length, { timeout: 60_000, interval: 200 }).toBeGreaterThan(0);
  });
});

describe("startServer's start warnings", () => {
  it("in production without SMTP_URL or ENCRYPTION_KEY, says each once (one process: no primary to say them)", async () => {
    const lines: { level: number; msg: string }[] = [];
    await serve([hashText], { APP_ENV: "production" }, createLogger("info", { write: (chunk: string) => void lines.push(JSON.parse(chunk)) }));
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([expect.stringMatching(/^SMTP_URL is not set/), expect.stringMatching(/^ENCRYPTION_KEY is not set/)]);
  });
});
