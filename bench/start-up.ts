// Start-up: from spawning the compiled server (as `npm start`) to its first 200 from /api/v1/health.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { START_ARGS } from "./servers.ts";

export interface StartUpReport {
  /** Each start's milliseconds, in order. */
  readonly runs: readonly number[];
  readonly medianMs: number;
}

/** How long one start may take before the bench fails. */
const START_LIMIT_MS = 30_000;

/** Three fresh starts (a new DATA_DIR each); throws, with the server's own words, when one never answers. */
export async function measureStartUp(times = 3): Promise<StartUpReport> {
  const runs: number[] = [];
  for (let i = 0; i < times; i++) runs.push(await startOnce());
  return { runs, medianMs: [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] };
}

/**
 * One start on PORT=0, its address read from the server's "Listening on …" line: a port picked at random beforehand
 * can be in use on a busy machine. (A CI run once lost a start without saying why, and the start-up target went
 * missing from the report; a failed start now stops the bench with the server's own output.)
 */
async function startOnce(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-start-"));
  const env = { ...process.env, PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info" };
  const started = performance.now();
  const child = spawn(process.execPath, START_ARGS, { env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
  child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
  try {
    while (performance.now() - started < START_LIMIT_MS && child.exitCode === null) {
      const url = /Listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url && (await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false))) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const why = child.exitCode === null ? `no healthy answer within ${START_LIMIT_MS} ms` : `exit code ${child.exitCode}`;
    throw new Error(`start-up: the server did not start (${why}); it wrote:\n${output.slice(-2000)}`);
  } finally {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
