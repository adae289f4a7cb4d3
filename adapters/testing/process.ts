import { type ChildProcess, execFile, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { childEnv } from "./child-env.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** A server started as `npm start` would, in its own process. */
export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
}

/**
 * The compiled form of a source module (`adapters/main` → dist/adapters/main.js): what `npm start` and the bin run.
 * The suite's global setup (scripts/vitest-global-setup.mjs) compiled dist/ from these sources before any test ran.
 */
export const built = (module: string): string => join(ROOT, "dist", `${module}.js`);

/**
 * Starts the server as `npm start` does (dist/adapters/main.js), or another entry that prints the same line, on a free
 * port and waits for its "Listening on" line. The server sees `env` and none of this machine's server variables
 * (childEnv): no exported REDIS_URL moves it. A .ts entry (a test fixture) runs under tsx, in this one process, so a
 * SIGKILL really kills the server (the tsx binary would put it in a grandchild that outlives the signal). With
 * `logFile` its stdout and stderr are appended to that file, as a supervisor writing a log file would have them. A
 * process still not listening after `startMs` is killed, and the start rejected with its output.
 */
export function startServerProcess(env: Record<string, string>, entry = built("adapters/main"), nodeArgs: readonly string[] = entry.endsWith(".ts") ? ["--import", "tsx"] : [], options: { logFile?: string; startMs?: number } = {}): Promise<ServerProcess> {
  // A start takes a second or two idle and over 20 s on a loaded 2-core CI machine (tool processes, tsx for a fixture).
  const { logFile, startMs = 90_000 } = options;
  const fd = logFile === undefined ? undefined : openSync(logFile, "a");
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: childEnv({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env }),
    stdio: fd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", fd, fd],
  });
  if (fd !== undefined) closeSync(fd);
  let piped = "";
  const output = logFile === undefined ? () => piped : () => readFileSync(logFile, "utf8");
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server (pid ${child.pid}) did not start within ${startMs} ms:\n${output()}`));
      // Never left running (nor its log polled) behind a failed start: its exit clears the poll.
      child.kill("SIGKILL");
    }, startMs);
    // A file has no events: it is read again every 50 ms until the line is there.
    const poll = logFile === undefined ? undefined : setInterval(() => check(), 50);
    let listening = false;
    const check = () => {
      if (listening) return;
      const match = /Listening on (http:\/\/\S+)/.exec(output());
      if (!match) return;
      listening = true;
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ url: match[1], child, output, exited });
    };
    const onData = (chunk: Buffer) => {
      piped += chunk.toString();
      check();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    // Once listening, the test owns the process (and its log file, which it may have removed by the exit).
    exited.then((code) => {
      clearInterval(poll);
      if (!listening) reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
}

/** Runs `npm run -s keys -- …` the way a user would (the compiled CLI) with `env` only (childEnv), returning its exit code and output. */
export function runKeysCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [built("adapters/cli/keys"), ...args], { cwd: ROOT, env: childEnv(env) }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Creates a key with the CLI and returns the parsed `--json` object. */
export async function createKeyWithCli(env: Record<string, string>, extra: string[] = []): Promise<{ id: string; secret: string }> {
  const result = await runKeysCli(["create", "--name", "cli-test", "--json", ...extra], env);
  if (result.code !== 0) throw new Error(`keys create failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Polls `check` until it returns true or `timeoutMs` passes; returns the elapsed milliseconds. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (await check()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
