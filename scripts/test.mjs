// Runs vitest and ends with the one closing line CI reads: "N passed, N failed[, N skipped]".
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "vitest-report-"));
const report = join(dir, "report.json");
const run = spawnSync(
  process.execPath,
  ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit" },
);
let summary;
try {
  summary = JSON.parse(readFileSync(report, "utf8"));
} catch {
  console.log("vitest wrote no report");
}
rmSync(dir, { recursive: true, force: true });
const passed = summary?.numPassedTests ?? 0;
const failed = (summary?.numFailedTests ?? 0) + (summary && !summary.success && summary.numFailedTests === 0 ? 1 : 0);
const skipped = (summary?.numPendingTests ?? 0) + (summary?.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(run.status === 0 && summary ? 0 : 1);
