import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { posix } from "node:path";

/** Reads a file's text, or undefined when it is missing or unreadable. */
export type ReadText = (path: string) => string | undefined;

const readIfPresent: ReadText = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

/**
 * The cores this process may use: node's `availableParallelism()` (its CPU affinity, and on recent libuv a cgroup
 * quota of the layouts libuv knows), lowered to this process's cgroup CPU quota. libuv 1.52 (Node 24) still reads a
 * cgroup v1 `cpu` controller mounted on its own (`/sys/fs/cgroup/cpu`, as on this project's machines) as no limit,
 * and Node 20's libuv reads no quota at all: in a container limited to 2 CPUs on a 64-core host, `WORKERS=auto` would
 * fork 64 workers of ≈ 220 MiB each.
 */
export function availableCores(read: ReadText = readIfPresent): number {
  return Math.min(availableParallelism(), cgroupCpuLimit(read) ?? Number.POSITIVE_INFINITY);
}

/**
 * This process's cgroup CPU quota in whole cores, rounded down and at least 1 (as Rust's `available_parallelism` and
 * libuv round it), the lowest over its cgroup and every ancestor the mount shows; undefined when none is set or none
 * can be read. cgroup v2's `cpu.max` is tried first, then v1's `cpu.cfs_quota_us` / `cpu.cfs_period_us` (a hybrid
 * machine mounts both, the cpu controller on v1).
 */
export function cgroupCpuLimit(read: ReadText = readIfPresent): number | undefined {
  const memberships = read("/proc/self/cgroup");
  const mounts = read("/proc/self/mountinfo");
  if (memberships === undefined || mounts === undefined) return undefined;
  const cores = [v2Quota(memberships, mounts, read), v1Quota(memberships, mounts, read)].find((quota) => quota !== undefined);
  return cores === undefined ? undefined : Math.max(1, Math.floor(cores));
}

interface CgroupMount {
  /** The cgroup path the mount shows at its mount point (its `root` field). */
  readonly root: string;
  readonly mountPoint: string;
  readonly fsType: string;
  readonly superOptions: readonly string[];
}

/** `/proc/self/mountinfo`'s cgroup mounts: `id parent major:minor root mount-point options [optional…] - type source super-options`. */
function cgroupMounts(mountinfo: string): CgroupMount[] {
  return mountinfo.split("\n").flatMap((line) => {
    const [before, after] = line.split(" - ");
    if (after === undefined) return [];
    const fields = before.split(" ");
    const [fsType, , superOptions = ""] = after.split(" ");
    if (fsType !== "cgroup" && fsType !== "cgroup2") return [];
    return [{ root: unescapeMountPath(fields[3]), mountPoint: unescapeMountPath(fields[4]), fsType, superOptions: superOptions.split(",") }];
  });
}

/** mountinfo writes a space, a tab, a newline and a backslash in a path as octal escapes. */
function unescapeMountPath(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** The lowest quota over `cgroupPath` and its ancestors visible under `mount`, each read by `quotaIn(directory)`. */
function lowestOnPath(mount: CgroupMount, cgroupPath: string, quotaIn: (directory: string) => number | undefined): number | undefined {
  const relative = posix.relative(mount.root, cgroupPath);
  // A cgroup outside what the mount shows (another namespace's view): nothing of it can be read.
  if (relative.startsWith("..")) return undefined;
  let lowest: number | undefined;
  for (let path = relative; ; path = posix.dirname(path)) {
    const quota = quotaIn(posix.join(mount.mountPoint, path));
    if (quota !== undefined && (lowest === undefined || quota < lowest)) lowest = quota;
    if (path === "." || path === "/" || path === "") return lowest;
  }
}

/** cgroup v2: the `0::/path` line and `cpu.max` ("max 100000", or "quota period" in µs) on the cgroup2 mount. */
function v2Quota(memberships: string, mountinfo: string, read: ReadText): number | undefined {
  const path = /^0::(\/.*)$/m.exec(memberships)?.[1];
  const mount = cgroupMounts(mountinfo).find((candidate) => candidate.fsType === "cgroup2");
  if (path === undefined || mount === undefined) return undefined;
  return lowestOnPath(mount, path, (directory) => {
    const [quota, period] = (read(posix.join(directory, "cpu.max")) ?? "").trim().split(/\s+/);
    return ratio(quota, period);
  });
}

/** cgroup v1: the line whose controllers include `cpu`, on the cgroup mount carrying that controller. */
function v1Quota(memberships: string, mountinfo: string, read: ReadText): number | undefined {
  const path = memberships.split("\n").map((line) => line.split(":")).find(([, controllers]) => controllers?.split(",").includes("cpu"))?.slice(2).join(":");
  const mount = cgroupMounts(mountinfo).find((candidate) => candidate.fsType === "cgroup" && candidate.superOptions.includes("cpu"));
  if (path === undefined || mount === undefined) return undefined;
  return lowestOnPath(mount, path, (directory) => ratio(read(posix.join(directory, "cpu.cfs_quota_us"))?.trim(), read(posix.join(directory, "cpu.cfs_period_us"))?.trim()));
}

/** quota / period for a positive quota ("max" and v1's -1 mean none). */
function ratio(quota: string | undefined, period: string | undefined): number | undefined {
  if (quota === undefined || period === undefined || !/^\d+$/.test(quota) || !/^\d+$/.test(period)) return undefined;
  const [q, p] = [Number(quota), Number(period)];
  return q > 0 && p > 0 ? q / p : undefined;
}
