// CPU time of a server's process tree, from Linux's /proc: how the bench tells a server has settled and what a request costs.
import { readdirSync, readFileSync } from "node:fs";

/**
 * Waits until each server and its tool processes (booting and warming after listen) use under 5% of a core, so no
 * measurement (or test) runs beside a child still loading libraries. Gives up after `giveUpMs` without failing.
 */
export async function untilSettled(pids: readonly number[], giveUpMs = 30_000): Promise<void> {
  const started = performance.now();
  let previous = pids.map(treeCpuTicks);
  while (performance.now() - started < giveUpMs) {
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
  return sumOverTree(pid, (dir) => cpuTicks(readFileSync(`${dir}/stat`, "utf8")));
}

/**
 * utime + stime of the threads of a process and its descendants other than each process's main thread (its event
 * loop): V8's helpers (parallel scavenges, concurrent marking and sweeping, background compilers) and libuv's pool.
 * A server whose share of these jumps has a garbage collector working harder, not more work of its own.
 */
export function treeOffMainTicks(pid: number): number {
  return sumOverTree(pid, undefined, (taskDir, processId) =>
    (taskDir.endsWith(`/task/${processId}`) ? 0 : cpuTicks(readFileSync(`${taskDir}/stat`, "utf8"))));
}

const cpuTicks = (stat: string): number => {
  const fields = stat.split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
};

/**
 * How many times the threads of a process and its descendants were preempted (involuntary context switches): where a
 * machine has fewer cores than busy threads, its servers' CPU per request grows with it, whatever their own work.
 */
export function treePreemptions(pid: number): number {
  return sumOverTree(pid, undefined, (taskDir) => Number(/^nonvoluntary_ctxt_switches:\s*(\d+)/m.exec(readFileSync(`${taskDir}/status`, "utf8"))?.[1] ?? 0));
}

/** A process and its descendants (the processes alive now). */
export function treePids(pid: number): number[] {
  const pids: number[] = [];
  sumOverTree(pid, (dir) => (pids.push(Number(dir.slice("/proc/".length))), 0));
  return pids;
}

/** Sums `ofProcess` (given each process's /proc directory) and `ofThread` (each thread's) over a process tree. */
function sumOverTree(pid: number, ofProcess?: (dir: string) => number, ofThread?: (taskDir: string, pid: number) => number): number {
  let total = 0;
  try {
    if (ofProcess) total += ofProcess(`/proc/${pid}`);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      if (ofThread) total += ofThread(`/proc/${pid}/task/${task}`, pid);
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) total += sumOverTree(Number(child), ofProcess, ofThread);
    }
  } catch {
    // The process ended meanwhile.
  }
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
