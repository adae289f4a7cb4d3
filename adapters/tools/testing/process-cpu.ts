import { existsSync, readdirSync, readFileSync } from "node:fs";

/** /proc reports CPU times in USER_HZ ticks, which Linux fixes at 100 a second for user space. */
const MS_PER_TICK = 10;

/** Whether this machine has a Linux /proc to read CPU times from. */
export function canReadProcessCpu(): boolean {
  return existsSync("/proc/self/stat");
}

/**
 * CPU milliseconds (user + system) used so far by a process and all its descendants, from /proc. Unlike wall time,
 * this is the work done, so it barely moves when other processes load the machine.
 */
export function treeCpuMs(rootPid: number): number {
  const stats = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    const stat = readStat(Number(pid));
    return stat ? [stat] : [];
  });
  const inTree = new Set([rootPid]);
  // Repeat until stable: a child can be listed before its parent.
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of stats) {
      if (inTree.has(stat.ppid) && !inTree.has(stat.pid)) {
        inTree.add(stat.pid);
        grew = true;
      }
    }
  }
  return stats.filter((stat) => inTree.has(stat.pid)).reduce((sum, stat) => sum + stat.cpuMs, 0);
}

/** CPU milliseconds (user + system) used so far by one process alone, its children not included; 0 once it has ended. */
export function ownCpuMs(pid: number): number {
  return readStat(pid)?.cpuMs ?? 0;
}

function readStat(pid: number): { pid: number; ppid: number; cpuMs: number } | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses; the fields after its last ")" are fixed.
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { pid, ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK };
  } catch {
    return undefined; // the process ended while the list was read
  }
}
