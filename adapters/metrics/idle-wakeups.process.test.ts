import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../testing/process.ts";
import { EVENT_LOOP_SAMPLE_MS } from "./metrics.ts";

const dir = mkdtempSync(join(tmpdir(), "idle-wakeups-"));
let server: ServerProcess | undefined;

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

/** Times the kernel woke the process's main thread (the event loop) from a wait: its voluntary context switches. */
const wakeups = (pid: number) => Number(/\nvoluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!existsSync("/proc/self/status"))("an idle server with metrics on", () => {
  // prom-client's default samples the event-loop lag every 10 ms: 100 wake-ups a second of every idle server and
  // worker, which took CPU from the busy ones beside them. Counted, not timed: a loaded machine wakes it no more often.
  it(`wakes its event loop about ${1000 / EVENT_LOOP_SAMPLE_MS} times a second, not 100`, async () => {
    server = await startServerProcess({ DATA_DIR: join(dir, "data"), METRICS_TOKEN: "m".repeat(32) });
    const pid = server.child.pid as number;
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    await sleep(3_000); // its tool processes booted and reported
    const before = wakeups(pid);
    await sleep(2_000);
    const perSecond = (wakeups(pid) - before) / 2;
    expect(perSecond).toBeLessThan(40);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${"m".repeat(32)}` } })).status).toBe(200);
  }, 120_000);
});
