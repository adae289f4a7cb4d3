// A default self-booting conformance run, as `npm run -s conformance` runs it (compiled CLI, embedded storage), timed.
// Its wall time is the suite's usability figure; the test suite judges the run's CPU instead, which load cannot skew.
import { spawn } from "node:child_process";
import { join } from "node:path";

const CLI = join(import.meta.dirname, "..", "dist/adapters/cli/tool-api.js");

export interface ConformanceRunReport {
  readonly wallMs: number;
  /** The run's own closing line, e.g. "conformance: 998 passed, 0 failed, 0 skipped (998 transactions, 21.4 s)". */
  readonly summary: string;
  readonly exitCode: number | null;
}

/** One default run (its own server on a free port, no Redis); resolves once it exits, whatever its verdict. */
export function measureConformanceRun(): Promise<ConformanceRunReport> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, "conformance"], { env: { ...process.env, REDIS_URL: "" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
  child.stderr.setEncoding("utf8").resume();
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (exitCode) => {
      const summary = output.trim().split("\n").at(-1) ?? "";
      resolve({ wallMs: Math.round(performance.now() - started), summary, exitCode });
    });
  });
}
