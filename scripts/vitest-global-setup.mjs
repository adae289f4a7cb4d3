// Before any test: dist/ compiled from these very sources. The tests that start the server or the CLI as a process
// run dist/ as `npm start` and the bin do (plain node: a tsx start costs 1–2 s more CPU each, which on a 2-core CI
// machine adds minutes to the suite); npm ci's prepare built it, and an edit since is compiled here (≈ 5 s) first.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { DIGEST_FILE, sourcesDigest } from "./dist-digest.mjs";

const ROOT = join(import.meta.dirname, "..");
/** Held while one run rebuilds, so two suites started together in one checkout never build over each other. */
const LOCK = join(ROOT, "node_modules", ".cache", "tool-api-build.lock");
/** A lock older than this was left by a run that died mid-build. */
const STALE_LOCK_MS = 120_000;

const current = () => existsSync(DIGEST_FILE) && readFileSync(DIGEST_FILE, "utf8").trim() === sourcesDigest();

export default async function setup() {
  if (current()) return;
  mkdirSync(join(LOCK, ".."), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    if (!current()) {
      console.log("dist/ is older than the sources: building it (npm run build) for the tests' server and CLI processes");
      execFileSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
    }
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
