import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "./process.ts";

/** A "server" that never says it is listening. */
const NEVER_LISTENS = ["-e", "console.log('booting'); setInterval(() => {}, 1000);"];

const dir = mkdtempSync(join(tmpdir(), "start-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pid the rejection names. */
async function pidOfFailedStart(started: Promise<unknown>): Promise<number> {
  const error = (await started.then(() => undefined, (reason: unknown) => reason)) as Error | undefined;
  expect(error?.message).toMatch(/^server \(pid \d+\) did not start within 1000 ms:\n/);
  return Number(/pid (\d+)/.exec(error?.message ?? "")?.[1]);
}

async function gone(pid: number): Promise<boolean> {
  for (let tries = 0; tries < 100; tries++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe("startServerProcess", () => {
  it("kills a process that never listens within startMs, and rejects naming it (stdout piped)", async () => {
    const pid = await pidOfFailedStart(startServerProcess({}, "argv1", NEVER_LISTENS, { startMs: 1000 }));
    expect(await gone(pid)).toBe(true);
  });

  it("does the same with its output appended to a log file", async () => {
    const pid = await pidOfFailedStart(startServerProcess({}, "argv1", NEVER_LISTENS, { startMs: 1000, logFile: join(dir, "server.log") }));
    expect(await gone(pid)).toBe(true);
  });
});
