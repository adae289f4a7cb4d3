import { type ChildProcess, execFile, fork, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { untilSettled } from "./process-cpu.ts";
import { forgetServer, registerServer } from "./quiet.ts";

const ROOT = join(import.meta.dirname, "..");
const MAIN = join(ROOT, "dist/adapters/main.js");
const CLI = join(ROOT, "dist/adapters/cli/tool-api.js");

/** `npm start`'s node arguments (V8 flags, then the entry), read from package.json: the bench runs what production runs. */
export const START_ARGS: readonly string[] = startArgs();

function startArgs(): string[] {
  const start = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const [command, ...args] = start.trim().split(/\s+/);
  if (command !== "node" || args.at(-1) !== "dist/adapters/main.js") throw new Error(`npm start is not "node … dist/adapters/main.js": ${start}`);
  return [...args.slice(0, -1), MAIN];
}

/** A server under test in its own process, so it never shares a core with the load generator's event loop. */
export interface BenchServer {
  readonly name: string;
  readonly url: string;
  readonly keys: { unlimited: string; spent: string } | undefined;
  readonly pid: number;
  /** Resident memory of the server process (its tool processes not included). */
  rss(): number;
  stop(): Promise<void>;
  /** Ends the process at once (the bench failed). */
  kill(): void;
}

let logDir: string | undefined;

/**
 * Where the servers' request logs go during a run: a file, as a supervisor collecting stdout would write. Made by the
 * first server started, not at import: the bench's unit tests import this module and start none.
 */
export function logDirectory(): string {
  logDir ??= mkdtempSync(join(tmpdir(), "bench-logs-"));
  return logDir;
}

/** A keyless baseline in its own process: "bare" (node:http) or "h3 floor" (h3 on node:http, nothing of ours). */
export async function startBaseline(name: "bare" | "h3 floor"): Promise<BenchServer> {
  const script = name === "bare" ? "bare-server.ts" : "h3-floor-server.ts";
  const child = fork(join(import.meta.dirname, script), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message: { url: string }) => resolve(message.url));
    child.once("exit", (code) => reject(new Error(`${name} server exited with ${code}`)));
  });
  return handle(name, child, url, undefined);
}

export interface ProductionOptions {
  readonly name: string;
  readonly env: Record<string, string>;
  /** CPU list for `taskset -c` (a core of its own), when taskset exists. */
  readonly cpus?: string;
  /** Mint the bench keys (false: a second instance sharing the first one's storage and keys). */
  readonly mintKeys?: boolean;
  /** The script node runs instead of the compiled main, with the same V8 flags (USAGE_OFF_ENTRY). */
  readonly entry?: string;
  /** A command node runs under, with its arguments (valgrind's for bench/instructions.ts). */
  readonly wrapper?: readonly string[];
  /** How long the server may take to answer /api/v1/health (90 s: WORKERS=N starts N servers on a loaded machine; under valgrind ≈ 5–50× slower). */
  readonly readyTimeoutMs?: number;
}

/**
 * The project's server exactly as `npm start` runs it (the compiled entry, LOG_LEVEL=info, stdout appended to a file),
 * its keys made with the admin CLI on the same storage. Resolves once it answers and its tool processes have settled.
 */
export async function startProduction(options: ProductionOptions): Promise<BenchServer> {
  if (!existsSync(MAIN)) throw new Error("dist/ is not built: run npm ci (or npm run build) first");
  const { child, env, url } = await spawnListening(options);
  // The CLI runs in processes of its own, outside the tree whose CPU tells that the server has settled: the keys are
  // made while the tool processes warm up, not after.
  const mint = (limit: number) => createKeyWithCli(env, limit);
  const [, minted] = await Promise.all([untilSettled([child.pid as number]), options.mintKeys === false ? undefined : Promise.all([mint(1_000_000_000), mint(1)])]);
  const keys: BenchServer["keys"] = minted && { unlimited: minted[0], spent: minted[1] };
  // Spend the one request of the "spent" key so the 429 scenario never sees a 200.
  if (keys) await fetch(`${url}/api/v1/keys/current`, { headers: { "x-api-key": keys.spent } });
  return handle(options.name, child, url, keys);
}

/** How many ports a server is offered before the bench gives up: another process may take a free port first. */
const PORT_ATTEMPTS = 5;

/**
 * Spawns the server on a free port and waits for its health answer. A port found free can be taken by another
 * process before the server binds it (other test files run beside the smoke test): a server that exits with
 * EADDRINUSE is started again on another port.
 */
async function spawnListening(options: ProductionOptions): Promise<{ child: ChildProcess; env: Record<string, string | undefined>; url: string }> {
  const logFile = join(logDirectory(), `${options.name}.log`);
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const env = { ...process.env, HOST: SERVER_HOST, PORT: String(port), LOG_LEVEL: "info", ...options.env };
    const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
    const log = openSync(logFile, "a");
    const pinned = options.cpus !== undefined && hasTaskset();
    const entryArgs = options.entry ? [...START_ARGS.slice(0, -1), options.entry] : START_ARGS;
    const [command, ...args] = [...(pinned ? ["taskset", "-c", options.cpus as string] : []), ...(options.wrapper ?? []), process.execPath, ...entryArgs];
    const child = spawn(command, args, { env, stdio: ["ignore", log, log] });
    closeSync(log);
    const url = `http://${SERVER_HOST}:${port}`;
    try {
      await untilHealthy(url, child, options.readyTimeoutMs ?? 90_000);
      return { child, env, url };
    } catch (error) {
      child.kill("SIGKILL"); // never left running behind a failed bench
      const taken = child.exitCode !== null && readFileSync(logFile, "utf8").slice(logStart).includes("EADDRINUSE");
      if (!taken || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

/** The address every bench server listens on, also in its HOST variable (valgrind's vgdb names its files after HOST). */
export const SERVER_HOST = "127.0.0.1";

/** The compiled server started with ServerOptions.recordUsage false: bench only, to measure what usage recording costs. */
export const USAGE_OFF_ENTRY = join(import.meta.dirname, "usage-off-server.mjs");

export function hasTaskset(): boolean {
  return ["/usr/bin/taskset", "/bin/taskset"].some((path) => existsSync(path));
}

function handle(name: string, child: ChildProcess, url: string, keys: BenchServer["keys"]): BenchServer {
  const pid = child.pid as number;
  registerServer(pid);
  child.once("exit", () => forgetServer(pid));
  return {
    name,
    url,
    keys,
    pid,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024,
    kill: () => child.kill("SIGKILL"),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function createKeyWithCli(env: Record<string, string | undefined>, limit: number): Promise<string> {
  const args = [CLI, "keys", "create", "--name", "bench", "--limit", String(limit), "--window", "86400", "--json"];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`keys create failed: ${stderr}`));
      resolve((JSON.parse(stdout) as { secret: string }).secret);
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function untilHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logDirectory()}`);
    // Bounded: whatever else holds the port (see spawnListening) may accept and never answer.
    if (await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false)) return;
    await sleep(20);
  }
  throw new Error(`server at ${url} never answered; see ${logDirectory()}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
