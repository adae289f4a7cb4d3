// Runs vitest and ends with the one closing line CI reads: "N passed, N failed[, N skipped]".
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const EXCERPT_LINES = 30;
const EXCERPT_CHARS = 3000;
/** A mass failure's first few say why; the rest are named only, so the closing lines stay readable. */
const EXCERPTED_FAILURES = 10;

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
let excerpted = 0;
// The failures again, one line each, right above the closing line: a CI log that keeps only its tail still names them.
for (const file of summary?.testResults ?? []) {
  const name = relative(process.cwd(), file.name);
  const failures = file.assertionResults.filter((test) => test.status === "failed");
  if (file.status === "failed" && failures.length === 0) console.log(`FAILED ${name}: ${String(file.message ?? "").split("\n")[0]}`);
  for (const test of failures) {
    console.log(`FAILED ${name} > ${test.fullName}`);
    if (excerpted++ < EXCERPTED_FAILURES) for (const line of excerpt(test.failureMessages)) console.log(`  | ${line}`);
  }
}
const passed = summary?.numPassedTests ?? 0;
let failed = (summary?.numFailedTests ?? 0) + (summary && !summary.success && summary.numFailedTests === 0 ? 1 : 0);
// Vitest also fails a run on an error outside any test (an uncaught exception from a timer) while its report says
// every test passed: counted here as one failure, so the closing line never reads "0 failed" for a failed run.
if (run.status !== 0 && summary && failed === 0) {
  console.log(`FAILED vitest exited with ${run.status ?? run.signal}: an error outside the tests (see "Unhandled Errors" above)`);
  failed = 1;
}
const skipped = (summary?.numPendingTests ?? 0) + (summary?.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(run.status === 0 && summary ? 0 : 1);

/**
 * The start of a failure's message, a few lines without colours or the test runner's own stack frames: beside the
 * test's name it says why it failed, where a CI log cut to its tail has lost the full report above.
 */
function excerpt(messages) {
  const text = (messages ?? [])
    .join("\n")
    .replace(/\u001b\[[0-9;]*m/g, "")
    // vitest's timeout error reaches the report as the stack it captured when the test began, named STACK_TRACE_ERROR.
    .replace(/^Error: STACK_TRACE_ERROR$/m, "Error: timed out (the test's or its hook's time bound passed)")
    .slice(0, EXCERPT_CHARS);
  const kept = (line) => line.trim() !== "" && !/^\s*at .*(node_modules|node:internal|<anonymous>)/.test(line);
  return text.split("\n").filter(kept).slice(0, EXCERPT_LINES);
}
