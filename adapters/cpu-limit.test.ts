import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cgroupCpuLimit, type ReadText } from "./cpu-limit.ts";
import { built } from "./testing/process.ts";

/** A reader over fixed files: the layouts below are the kernel's (Documentation/admin-guide/cgroup-v1 and cgroup-v2). */
const files = (entries: Record<string, string>): ReadText => (path) => entries[path];

const V2_ONLY_MOUNTS = "25 30 0:22 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";
/** This project's machines: v1 controllers each on a mount of its own, plus an empty v2 hierarchy (`unified`). */
const HYBRID_MOUNTS = [
  "30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
  "31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu",
  "32 30 0:29 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct",
  "40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw",
].join("\n");
const HYBRID_CGROUP = "2:cpuacct:/\n1:cpu:/jobs/api\n0::/\n";

describe("the cgroup CPU quota WORKERS=auto is held to", () => {
  it("reads cgroup v2's cpu.max in a container, rounded down to whole cores and at least one; max is no limit", () => {
    const inContainer = (cpuMax: string) => cgroupCpuLimit(files({ "/proc/self/cgroup": "0::/\n", "/proc/self/mountinfo": V2_ONLY_MOUNTS, "/sys/fs/cgroup/cpu.max": cpuMax }));
    expect([inContainer("200000 100000\n"), inContainer("250000 100000"), inContainer("50000 100000"), inContainer("max 100000")]).toEqual([2, 2, 1, undefined]);
  });

  it("takes the lowest quota over the process's cgroup and every ancestor the mount shows", () => {
    const read = files({
      "/proc/self/cgroup": "0::/kubepods/pod1/api\n",
      "/proc/self/mountinfo": V2_ONLY_MOUNTS,
      "/sys/fs/cgroup/kubepods/cpu.max": "max 100000",
      "/sys/fs/cgroup/kubepods/pod1/cpu.max": "300000 100000",
      "/sys/fs/cgroup/kubepods/pod1/api/cpu.max": "max 100000",
    });
    expect(cgroupCpuLimit(read)).toBe(3);
  });

  it("falls back to v1's cfs quota and period on a hybrid machine whose v2 hierarchy carries no cpu controller", () => {
    const read = (quota: string) => files({
      "/proc/self/cgroup": HYBRID_CGROUP,
      "/proc/self/mountinfo": HYBRID_MOUNTS,
      "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "-1\n",
      "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n",
      "/sys/fs/cgroup/cpu/jobs/cpu.cfs_quota_us": "-1\n",
      "/sys/fs/cgroup/cpu/jobs/cpu.cfs_period_us": "100000\n",
      "/sys/fs/cgroup/cpu/jobs/api/cpu.cfs_quota_us": `${quota}\n`,
      "/sys/fs/cgroup/cpu/jobs/api/cpu.cfs_period_us": "100000\n",
    });
    expect([cgroupCpuLimit(read("100000")), cgroupCpuLimit(read("400000")), cgroupCpuLimit(read("-1"))]).toEqual([1, 4, undefined]);
  });

  it("reads v1's combined cpu,cpuacct mount whose root is the container's own cgroup", () => {
    const read = files({
      "/proc/self/cgroup": "4:cpu,cpuacct:/docker/abc\n",
      "/proc/self/mountinfo": "35 30 0:31 /docker/abc /sys/fs/cgroup/cpu,cpuacct ro,nosuid - cgroup cgroup rw,cpu,cpuacct\n",
      "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "150000",
      "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000",
    });
    expect(cgroupCpuLimit(read)).toBe(1);
  });

  it("answers no limit where nothing can be read: no cgroup files (not Linux), a cgroup the mount does not show, a malformed quota", () => {
    expect(cgroupCpuLimit(files({}))).toBeUndefined();
    expect(cgroupCpuLimit(files({ "/proc/self/cgroup": "0::/elsewhere\n", "/proc/self/mountinfo": V2_ONLY_MOUNTS.replace(" / /sys", " /mine /sys") }))).toBeUndefined();
    expect(cgroupCpuLimit(files({ "/proc/self/cgroup": "0::/\n", "/proc/self/mountinfo": V2_ONLY_MOUNTS, "/sys/fs/cgroup/cpu.max": "lots 100000" }))).toBeUndefined();
  });
});

/** A child cgroup of this machine with a quota of one CPU, or why none can be made here. */
function oneCpuCgroup(): { dir: string; remove(): void } | string {
  if (availableParallelism() < 2) return "one core: a one-CPU quota would change nothing";
  const v1 = "/sys/fs/cgroup/cpu";
  const v2 = existsSync("/sys/fs/cgroup/cgroup.controllers") ? readFileSync("/sys/fs/cgroup/cgroup.controllers", "utf8") : "";
  const name = `tool-api-cpu-limit-${process.pid}`;
  try {
    if (existsSync(join(v1, "cpu.cfs_quota_us"))) {
      const dir = join(v1, name);
      mkdirSync(dir);
      writeFileSync(join(dir, "cpu.cfs_period_us"), "100000");
      writeFileSync(join(dir, "cpu.cfs_quota_us"), "100000");
      return { dir, remove: () => rmdirSync(dir) };
    }
    if (v2.split(/\s+/).includes("cpu")) {
      const dir = join("/sys/fs/cgroup", name);
      mkdirSync(dir);
      writeFileSync(join(dir, "cpu.max"), "100000 100000");
      return { dir, remove: () => rmdirSync(dir) };
    }
    return "no cgroup cpu controller this process can write to";
  } catch (error) {
    return `cannot make a cgroup here: ${(error as Error).message}`;
  }
}

describe("WORKERS=auto under a real cgroup quota", () => {
  it("counts one worker in a cgroup limited to one CPU on a machine of several cores", () => {
    const cgroup = oneCpuCgroup();
    if (typeof cgroup === "string") return console.warn(`cgroup quota test SKIPPED: ${cgroup}`);
    try {
      // The compiled config, as `tool-api serve` loads it, in a process that joins the cgroup before node starts.
      const script = `import { loadConfig } from ${JSON.stringify(built("adapters/config"))}; import { availableParallelism } from "node:os";
        const loaded = loadConfig({ WORKERS: "auto" }); console.log(JSON.stringify({ auto: loaded.ok && loaded.value.workers, node: availableParallelism() }));`;
      const output = execFileSync("sh", ["-c", `echo $$ > "$1/cgroup.procs" && exec "$2" --input-type=module -e "$3"`, "sh", cgroup.dir, process.execPath, script], { encoding: "utf8" });
      // node's own count beside it: libuv 1.52 reads this machine's v1 layout as no limit (2 here), Node 20's any.
      expect(JSON.parse(output)).toMatchObject({ auto: 1, node: expect.any(Number) });
    } finally {
      cgroup.remove();
    }
  });
});
