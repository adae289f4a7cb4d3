import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { DreddCommand } from "./find-dredd.ts";

/** One Dredd run: its inputs, where its lines go, and how long it may take. */
export interface DreddRun {
  readonly dredd: DreddCommand;
  readonly documentFile: string;
  readonly hooksFile: string;
  readonly endpoint: string;
  /** Variables for the hooks (the plan, the keys): in the environment, never on the command line. */
  readonly env: Readonly<Record<string, string>>;
  readonly bail: boolean;
  /** Each line Dredd prints, already redacted by the caller's `line`. */
  readonly line: (text: string) => void;
  readonly timeoutMs: number;
}

/** How the process ended: its exit code (null when it was killed at the time limit). */
export interface DreddExit {
  readonly code: number | null;
  readonly timedOut: boolean;
}

/** Runs Dredd as a child process of this Node and resolves when it has exited and its output is read. */
export function runDreddProcess(run: DreddRun): Promise<DreddExit> {
  const args = [run.dredd.bin, run.documentFile, run.endpoint, `--hookfiles=${run.hooksFile}`, "--language=nodejs", "--loglevel=warning", "--color=false"];
  if (run.bail) args.push("--bail");
  const child = spawn(process.execPath, args, { env: { ...process.env, ...run.env }, stdio: ["ignore", "pipe", "pipe"] });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, run.timeoutMs);
  const streams = [child.stdout, child.stderr].map(
    (stream) => new Promise<void>((resolve) => createInterface({ input: stream }).on("line", run.line).on("close", resolve)),
  );
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
  return Promise.all([exited, ...streams]).then(
    ([code]) => {
      clearTimeout(timer);
      return { code, timedOut };
    },
    (error: unknown) => {
      clearTimeout(timer);
      throw error;
    },
  );
}
