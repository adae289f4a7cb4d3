// CPU time of a server's process tree, from Linux's /proc: how the bench tells a server has settled and what a request costs.
import { readdirSync, readFileSync } from "node:fs";

/**
 * Waits until each server and its tool processes (booting and warming after listen) use under 5% of a core, so no
 * measurement runs beside a child still loading libraries. Gives up after 30 s.
 */
export async function untilSettled(pids: readonly number[]): Promise<void> {
  const started = performance.now();
  let previous = pids.map(treeCpuTicks);
  while (performance.now() - started < 30_000) {
    await sleep(500);
    const now = pids.map(treeCpuTicks);
    if (now.every((ticks, index) => ticks - previous[index] <= 2)) return; // clock ticks are 10 ms: ≤ 20 ms of CPU in 500 ms
    previous = now;
  }
}

/** One clock tick of /proc's CPU times (USER_HZ, 100 on Linux), in µs. */
export const CLOCK_TICK_US = 10_000;

/** utime + stime of a process (all its threads) and its descendants, in clock ticks (Linux /proc). */
export function treeCpuTicks(pid: number): number {
  return sumOverTree(pid, (stat) => {
    const fields = stat.split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  });
}

/**
 * How many times the threads of a process and its descendants were preempted (involuntary context switches): where a
 * machine has fewer cores than busy threads, its servers' CPU per request grows with it, whatever their own work.
 */
export function treePreemptions(pid: number): number {
  return sumOverTree(pid, undefined, (taskStatus) => Number(/^nonvoluntary_ctxt_switches:\s*(\d+)/m.exec(taskStatus)?.[1] ?? 0));
}

/** Sums `ofProcess` (read from each process's stat) and `ofThread` (each thread's status) over a process tree. */
function sumOverTree(pid: number, ofProcess?: (stat: string) => number, ofThread?: (status: string) => number): number {
  let total = 0;
  try {
    if (ofProcess) total += ofProcess(readFileSync(`/proc/${pid}/stat`, "utf8"));
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      if (ofThread) total += ofThread(readFileSync(`/proc/${pid}/task/${task}/status`, "utf8"));
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) total += sumOverTree(Number(child), ofProcess, ofThread);
    }
  } catch {
    // The process ended meanwhile.
  }
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
