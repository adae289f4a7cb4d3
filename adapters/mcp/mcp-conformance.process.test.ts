import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, request, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { childEnv } from "../testing/child-env.ts";
import { findNode24 } from "./testing/node24.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const SUITE = join(ROOT, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
/**
 * The server scenarios of @modelcontextprotocol/conformance that apply to a stateless, tools-only server;
 * docs/conformance.md ("The MCP endpoint") says why the others do not. Its authorization scenarios (`auth/*`, 0.1.16)
 * all test a client against the suite's own mock servers: none tests a server's (adapters/http/oauth/ has its own tests).
 */
const APPLICABLE = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"];

let dir: string;
let running: RunningServer;
let proxy: Server;
let mcpUrl: string;
let node24: string | undefined;
let unavailable = "";

/** The suite sends no custom header: this proxy adds the key and passes everything else (Host, Origin) as sent. */
function forwardWithKey(target: string, secret: string): RequestListener {
  const { hostname, port } = new URL(target);
  return (req, res) => {
    const upstream = request({ host: hostname, port, method: req.method, path: req.url, headers: { ...req.headers, "x-api-key": secret } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  };
}

function runScenario(scenario: string, outDir: string): Promise<{ status: string; id: string; errorMessage?: string }[]> {
  return new Promise((resolve, reject) => {
    execFile(node24 as string, [SUITE, "server", "--url", mcpUrl, "--scenario", scenario, "-o", outDir], { cwd: ROOT, env: childEnv(), timeout: 60_000 }, (error, stdout) => {
      const runDir = readdirSync(outDir).find((name) => name.startsWith(`server-${scenario}-`));
      if (!runDir) return reject(new Error(`no results for ${scenario}: ${error?.message ?? ""}\n${stdout}`));
      resolve(JSON.parse(readFileSync(join(outDir, runDir, "checks.json"), "utf8")));
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcp-conformance-"));
  proxy = createServer();
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  mcpUrl = `http://127.0.0.1:${port}/mcp`;
  // The DNS-rebinding scenario expects the local origin it sends to be served: the operator allows it here.
  const origins = `http://127.0.0.1:${port},http://localhost:${port}`;
  const loaded = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, MCP_ALLOWED_ORIGINS: origins });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  running = await startServer(loaded.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
  const key = await running.core.keys.create({ name: "conformance", limit: 1000 });
  proxy.on("request", forwardWithKey(running.url, key.secret));
  try {
    node24 = await findNode24();
  } catch (error) {
    unavailable = (error as Error).message;
    if (process.env.CI) throw error;
    console.warn(`\n!!! MCP conformance suite SKIPPED: no Node >= 22 (${unavailable}) !!!\n`);
  }
}, 150_000);
afterAll(async () => {
  proxy?.close();
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("@modelcontextprotocol/conformance against POST /mcp", () => {
  it.each(APPLICABLE)("passes every check of the %s scenario", async (scenario) => {
    if (!node24) return void console.warn(`skipped ${scenario}: ${unavailable}`);
    const checks = await runScenario(scenario, dir);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((check) => check.status !== "SUCCESS")).toEqual([]);
  }, 60_000);
});
