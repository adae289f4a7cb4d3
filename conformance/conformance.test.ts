import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runConformance } from "./run-conformance.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

describe("npm run -s conformance (self-booting)", () => {
  it("boots its own server, passes every transaction, writes JUnit, exits 0 within 90 s", () => {
    const dir = mkdtempSync(join(tmpdir(), "conformance-cli-"));
    try {
      const output = join(dir, "report.xml");
      const started = performance.now();
      const run = spawnSync("npm", ["run", "-s", "conformance", "--", "--reporter", "junit", "--output", output], { cwd: ROOT, encoding: "utf8", env: { ...process.env, REDIS_URL: "" } });
      // The acceptance bound for a default run; measured at about 20 s on a loaded 2-core machine.
      expect(performance.now() - started).toBeLessThan(90_000);
      const lines = run.stdout.trim().split("\n");
      expect(lines.filter((line) => line.startsWith("FAIL"))).toEqual([]);
      expect(lines).toContain("drift: none (the served document matches this checkout's)");
      const summary = /^conformance: ([1-9]\d*) passed, 0 failed, 0 skipped \((\d+) transactions, [\d.]+ s\)$/.exec(lines.at(-1) ?? "");
      expect(summary).not.toBeNull();
      expect(run.status).toBe(0);
      const xml = readFileSync(output, "utf8");
      expect(xml.match(/<testcase /g)).toHaveLength(Number(summary?.[2]));
      expect(xml).toContain('classname="conformance.property"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it("stops the property-based part when --time-budget is spent", async () => {
    const budgetMs = 2000;
    const report = await runConformance({ maxCases: 100_000, timeBudgetSeconds: budgetMs / 1000, seed: 7, log: () => {} });
    const property = report.results.filter((result) => result.group === "property");
    const ran = property.filter((result) => result.outcome !== "skip");
    expect(report.failed).toBe(0);
    expect(property.at(-1)?.message).toBe("the time budget was spent");
    // Each case starts before the deadline, so the part ends at most one case (plus bookkeeping) after it.
    const spent = ran.reduce((sum, result) => sum + result.ms, 0);
    expect(spent).toBeLessThan(budgetMs + Math.max(...ran.map((result) => result.ms)) + 1000);
  }, 240_000);
});
