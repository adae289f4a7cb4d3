// Start-up: from spawning the compiled server (as `npm start`) to its first 200 from /api/v1/health.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { START_ARGS } from "./servers.ts";

export interface StartUpReport {
  /** Each start's milliseconds, in order. */
  readonly runs: readonly number[];
  readonly medianMs: number;
}

/** Three fresh starts (a new DATA_DIR each); undefined when dist/ is not built or the server never answered. */
export async function measureStartUp(times = 3): Promise<StartUpReport | undefined> {
  const runs: number[] = [];
  for (let i = 0; i < times; i++) {
    const ms = await startOnce();
    if (ms === undefined) return undefined;
    runs.push(ms);
  }
  return { runs, medianMs: [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] };
}

async function startOnce(): Promise<number | undefined> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const env = { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), "bench-start-")), LOG_LEVEL: "info" };
  const started = performance.now();
  const child = spawn(process.execPath, START_ARGS, { env, stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    while (performance.now() - started < 30_000 && child.exitCode === null) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok, () => false);
      if (healthy) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return undefined;
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}
