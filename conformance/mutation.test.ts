import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMutatingProxy } from "./mutating-proxy.ts";
import { DRIFT_ONLY, MUTANTS } from "./mutants.ts";
import { type ConformanceOptions, runConformance } from "./run-conformance.ts";
import { bootTarget, type Target } from "./target.ts";

/**
 * The suite against the real server (real socket) behind a proxy that changes one thing at a time: it passes the
 * faithful deployment and fails each broken one, naming the fault. Mutant runs stop at their first failure and use
 * few property cases, to keep npm test modest.
 */
describe("the conformance suite catches broken deployments", () => {
  let target: Target;
  let proxy: Awaited<ReturnType<typeof startMutatingProxy>>;
  let dir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    target = await bootTarget();
    proxy = await startMutatingProxy(target.baseUrl);
    dir = mkdtempSync(join(tmpdir(), "conformance-junit-"));
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await target?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const options = (extra: Partial<ConformanceOptions>): ConformanceOptions => ({
    baseUrl: proxy.url,
    apiKey: target.apiKey,
    rateLimitedKey: target.rateLimitedKey,
    signUp: true,
    maxCases: 20,
    log: (line) => lines.push(line),
    ...extra,
  });

  it("passes the faithful deployment, with a JUnit testcase per transaction", async () => {
    proxy.use(undefined);
    const junitFile = join(dir, "faithful.xml");
    // A wrong --max-body-bytes on purpose: the limit the document states (x-max-body-bytes) must win.
    const report = await runConformance(options({ junitFile, maxBodyBytes: 10 }));
    expect(report.failures.map((failure) => `${failure.title}: ${failure.actual} ${failure.message}`)).toEqual([]);
    expect(report.results.find((result) => result.id === "execute.too-large")?.outcome).toBe("pass");
    expect(report.passed).toBeGreaterThan(500);
    const xml = readFileSync(junitFile, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(report.total);
    expect(xml).not.toContain("<failure");
  }, 180_000);

  it.each(MUTANTS.map((mutant) => [mutant.name, mutant] as const))("fails a deployment with %s", async (_name, mutant) => {
    proxy.use(mutant);
    const junitFile = join(dir, "mutant.xml");
    // No sign-up here: sign-up is rate-limited per address, and none of these faults sits in the session routes.
    const report = await runConformance(options({ bail: true, junitFile, signUp: false }));
    expect(report.failed).toBeGreaterThan(0);
    const named = report.failures.map((failure) => `${failure.title}\n${failure.actual}\n${failure.message}`).join("\n");
    expect(named).toMatch(mutant.reported);
    const xml = readFileSync(junitFile, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(report.total);
    expect(xml.match(/<failure /g)).toHaveLength(report.failed);
    expect(xml).toMatch(/expected: [\s\S]*actual: /);
    for (const secret of [target.apiKey, target.rateLimitedKey ?? "unset"]) {
      expect(xml).not.toContain(secret);
      expect(lines.join("\n")).not.toContain(secret);
    }
  }, 180_000);

  it("reports drift as its own section, and fails on it only with --expect-local", async () => {
    proxy.use(DRIFT_ONLY);
    lines.length = 0;
    const informational = await runConformance(options({ signUp: false, maxCases: 0 }));
    expect(informational.failed).toBe(0);
    expect(lines).toContain("drift: the served document differs from this checkout's");
    expect(lines).toContain("  operations added (1): GET /conformance-extra");
    const strict = await runConformance(options({ signUp: false, maxCases: 0, expectLocal: true, bail: true }));
    expect(strict.failures.map((failure) => failure.title)).toEqual(["the served document matches this checkout's (--expect-local)"]);
  }, 180_000);
});
