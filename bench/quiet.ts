// While a load measures a server, the bench's other servers are stopped (SIGSTOP), and resumed once no load runs.
import { treePids } from "./process-cpu.ts";

/** The server processes the bench has started and not yet stopped (each with its tree: workers, tool processes). */
const servers = new Set<number>();
/** Loads in flight on each server. */
const loaded = new Map<number, number>();
/** Processes this module has stopped and not yet resumed. */
const stopped = new Set<number>();

export const registerServer = (pid: number): void => void servers.add(pid);
export const forgetServer = (pid: number): void => void servers.delete(pid);

/**
 * Runs `measure`, a load on `server`, while every server the bench started that no load is on stays stopped. Idle, one
 * still wakes ≈ 15 times a second (its event-loop sampler, its timers) and takes ≈ 2 ms of CPU a second with its tool
 * processes; with a dozen of them on 2 cores, the servers measured read 5–10 points lower against bare (bench/README.md,
 * "How far a verdict can be trusted"): neighbours a deployment does not have. Loads that run at once (two servers
 * driven together) keep each other's servers running. A stopped process keeps its sockets and timers and resumes where
 * it was: the bench's servers hold no connection that times out while idle, and none has a heartbeat.
 */
export async function alone<T>(server: number, measure: () => Promise<T>): Promise<T> {
  loaded.set(server, (loaded.get(server) ?? 0) + 1);
  settle();
  try {
    return await measure();
  } finally {
    const left = (loaded.get(server) ?? 1) - 1;
    if (left === 0) loaded.delete(server);
    else loaded.set(server, left);
    settle();
  }
}

/** Stops the servers no load is on and resumes those a load is on; resumes everything when no load runs. */
function settle(): void {
  const idle = loaded.size === 0 ? [] : [...servers].filter((pid) => !loaded.has(pid)).flatMap(treePids);
  const stayStopped = new Set(idle);
  signal([...stopped].filter((pid) => !stayStopped.has(pid)), "SIGCONT");
  signal(idle.filter((pid) => !stopped.has(pid)), "SIGSTOP");
}

function signal(pids: readonly number[], name: "SIGSTOP" | "SIGCONT"): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
      if (name === "SIGSTOP") stopped.add(pid);
      else stopped.delete(pid);
    } catch {
      stopped.delete(pid); // it ended meanwhile
    }
  }
}

// A bench that fails mid-load kills its servers on exit (SIGKILL reaches a stopped process); their tool processes,
// orphaned, would otherwise stay stopped for ever.
process.on("exit", () => signal([...stopped], "SIGCONT"));
