import { mkdtempSync, readFileSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RAM_DIR = "/dev/shm";
/** Room a test may take there: a few installs of the package (≈ 250 MB each) side by side, with plenty to spare. */
const MIN_FREE_BYTES = 4 * 2 ** 30;

/**
 * A fresh temporary directory for a test that npm-installs the package: on tmpfs (/dev/shm) when it is mounted with
 * exec and has room, else in the system's temporary directory. An install writes ≈ 220 MB in thousands of small
 * files: 7 s on tmpfs against 17 s on a CI machine's disk, nearly all of it kernel time.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(ramDiskUsable() ? RAM_DIR : tmpdir(), prefix));
}

function ramDiskUsable(): boolean {
  try {
    // Native modules (LMDB's) load from the install: a noexec mount would refuse them.
    const mount = readFileSync("/proc/mounts", "utf8").split("\n").find((line) => line.split(" ")[1] === RAM_DIR);
    if (!mount || mount.split(" ")[3].split(",").includes("noexec")) return false;
    const { bavail, bsize } = statfsSync(RAM_DIR);
    return bavail * bsize >= MIN_FREE_BYTES;
  } catch {
    return false;
  }
}
