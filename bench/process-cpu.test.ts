import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CLOCK_TICK_US, treeCpuTicks, treeOffMainTicks, treePreemptions } from "./process-cpu.ts";

/** CPU a spinner is sure to get in a second even on a machine shared by two suites, far above an idle process's. */
const MOSTLY_SPINNING_US = 100_000;

/** Children that spin for `ms` each, all on core 0 (taskset), resolved when all have ended. */
function spinOnOneCore(children: number, ms: number, onRunning: () => void): Promise<void> {
  const spin = `const end = Date.now() + ${ms}; process.send("running"); while (Date.now() < end);`;
  let running = 0;
  const ended = Array.from({ length: children }, () => new Promise<void>((resolve, reject) => {
    const child = spawn("taskset", ["-c", "0", process.execPath, "-e", spin], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
    child.on("message", () => ++running === children && onRunning());
    child.on("error", reject).on("exit", () => resolve());
  }));
  return Promise.all(ended).then(() => undefined);
}

describe("a server's process tree, read from /proc", () => {
  it("counts the CPU time and the involuntary context switches of its children, read while they run", async () => {
    let ticksMid = 0;
    let preemptionsMid = 0;
    const ticksBefore = treeCpuTicks(process.pid);
    const preemptionsBefore = treePreemptions(process.pid);
    // Read while the children run: once they exit they leave the tree.
    await spinOnOneCore(2, 1_500, () => setTimeout(() => {
      ticksMid = treeCpuTicks(process.pid);
      preemptionsMid = treePreemptions(process.pid);
    }, 1_000));
    // Two spinners sharing a core ran for that second (≈ 1 s in all on an idle machine, 0.25 s seen with two suites
    // side by side on 2 cores), where this waiting test process alone counts a few ticks at most.
    expect((ticksMid - ticksBefore) * CLOCK_TICK_US).toBeGreaterThan(MOSTLY_SPINNING_US);
    // The scheduler switches between them every few milliseconds (measured: ≈ 350 in that second), where this idle
    // test process alone would count next to none.
    expect(preemptionsMid - preemptionsBefore).toBeGreaterThan(50);
  });

  it("tells the CPU of a child's other threads from its event loop's", async () => {
    // A child whose main thread waits while a worker thread spins, then one whose main thread spins alone; each spins
    // until it is killed (30 s at most, should the test fail first), so a loaded machine's late message cannot leave
    // the measured second past the spin's end (a child that had exited read as 0 ticks: a negative total).
    const onWorker = `const { Worker } = require("node:worker_threads"); new Worker("const end = Date.now() + 30_000; while (Date.now() < end);", { eval: true }); setTimeout(() => process.exit(), 30_000); process.send("running");`;
    const onMain = `process.send("running"); const end = Date.now() + 30_000; while (Date.now() < end);`;
    const [worker, main] = [await offMainShare(onWorker), await offMainShare(onMain)];
    expect(worker.total * CLOCK_TICK_US).toBeGreaterThan(MOSTLY_SPINNING_US);
    expect(worker.offMain / worker.total).toBeGreaterThan(0.7);
    expect(main.total * CLOCK_TICK_US).toBeGreaterThan(MOSTLY_SPINNING_US);
    expect(main.offMain / main.total).toBeLessThan(0.3);
  });
});

/**
 * A child running `script`'s CPU ticks in all and off its main thread over the second after it says it runs: its
 * start (node's boot, on the main thread) left out, which on a machine shared by two suites was a third of the total.
 */
function offMainShare(script: string): Promise<{ total: number; offMain: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
    const read = () => ({ total: treeCpuTicks(child.pid as number), offMain: treeOffMainTicks(child.pid as number) });
    child.on("message", () => {
      const start = read();
      setTimeout(() => {
        const end = read();
        resolve({ total: end.total - start.total, offMain: end.offMain - start.offMain });
        child.kill();
      }, 1_000);
    });
    child.on("error", reject);
  });
}
