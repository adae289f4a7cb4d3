import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type Mutant, startMutatingProxy } from "./mutating-proxy.ts";
import { DRIFT_ONLY, MUTANTS } from "./mutants.ts";
import { type ConformanceOptions, type Report, runConformance } from "./run-conformance.ts";
import { bootTarget, type Target } from "./target.ts";

/**
 * The suite against the real server (real socket) behind a proxy that changes one thing at a time: it passes the
 * faithful deployment and fails each broken one, naming the fault. Mutant runs stop at their first failure and use
 * few property cases, to keep npm test modest.
 *
 * The runs go side by side (`describe.concurrent`), each behind its own proxy, so no run sees another's fault: a run
 * spends much of its time waiting on the server's tool processes and password hashing, which another run's requests
 * fill. Sharing the server is safe: only the faithful run signs up (its session cases touch its own accounts), the
 * generous key has room for every run, and the rate-limited key stays spent for the day once any run has spent it.
 * Fifteen runs at once on a loaded machine (two suites side by side) once kept a request unanswered past the suite's
 * default 20 s, which then failed the runs for that instead of their fault: each run here allows a request 60 s (no
 * mutant here is about time; the request time limit has its own tests).
 */
/** A bound for a hung run: alone the faithful run takes ≈ 25 s, and two suites side by side on 2 cores made it 6× that. */
const RUN_BOUND_MS = 360_000;

describe.concurrent("the conformance suite catches broken deployments", () => {
  let target: Target;
  let dir: string;

  beforeAll(async () => {
    target = await bootTarget();
    dir = mkdtempSync(join(tmpdir(), "conformance-junit-"));
  }, 60_000);

  afterAll(async () => {
    await target?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One run of the suite behind a proxy applying `mutant`; `lines` gets what it reports. */
  async function runBehind(mutant: Mutant | undefined, lines: string[], extra: Partial<ConformanceOptions>): Promise<Report> {
    const proxy = await startMutatingProxy(target.baseUrl);
    proxy.use(mutant);
    try {
      return await runConformance({
        baseUrl: proxy.url,
        apiKey: target.apiKey,
        rateLimitedKey: target.rateLimitedKey,
        signUp: true,
        maxCases: 20,
        limits: { requestMs: 60_000 },
        log: (line) => lines.push(line),
        ...extra,
      });
    } finally {
      await proxy.close();
    }
  }

  const secrets = () => [target.apiKey, target.rateLimitedKey ?? "unset"];

  it("passes the faithful deployment, with a JUnit testcase per transaction", async ({ expect }) => {
    const junitFile = join(dir, "faithful.xml");
    const lines: string[] = [];
    // A wrong --max-body-bytes on purpose: the limit the document states (x-max-body-bytes) must win.
    const report = await runBehind(undefined, lines, { junitFile, maxBodyBytes: 10 });
    expect(report.failures.map((failure) => `${failure.title}: ${failure.actual} ${failure.message}`)).toEqual([]);
    expect(report.results.find((result) => result.id === "execute.too-large")?.outcome).toBe("pass");
    expect(report.passed).toBeGreaterThan(500);
    const xml = readFileSync(junitFile, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(report.total);
    expect(xml).not.toContain("<failure");
    for (const secret of secrets()) expect(lines.join("\n")).not.toContain(secret);
  }, RUN_BOUND_MS);

  it.for(MUTANTS.map((mutant, index) => [mutant.name, mutant, index] as const))("fails a deployment with %s", { timeout: RUN_BOUND_MS }, async ([, mutant, index], { expect }) => {
    const junitFile = join(dir, `mutant-${index}.xml`);
    const lines: string[] = [];
    // No sign-up here: sign-up is rate-limited per address, and none of these faults sits in the session routes.
    const report = await runBehind(mutant, lines, { bail: true, junitFile, signUp: false });
    expect(report.failed).toBeGreaterThan(0);
    const named = report.failures.map((failure) => `${failure.title}\n${failure.actual}\n${failure.message}`).join("\n");
    expect(named).toMatch(mutant.reported);
    const xml = readFileSync(junitFile, "utf8");
    expect(xml.match(/<testcase /g)).toHaveLength(report.total);
    expect(xml.match(/<failure /g)).toHaveLength(report.failed);
    expect(xml).toMatch(/expected: [\s\S]*actual: /);
    for (const secret of secrets()) {
      expect(xml).not.toContain(secret);
      expect(lines.join("\n")).not.toContain(secret);
    }
  });

  it("reports drift as its own section, and fails on it only with --expect-local", async ({ expect }) => {
    const lines: string[] = [];
    const informational = await runBehind(DRIFT_ONLY, lines, { signUp: false, maxCases: 0 });
    expect(informational.failed).toBe(0);
    expect(lines).toContain("drift: the served document differs from this checkout's");
    expect(lines).toContain("  operations added (1): GET /conformance-extra");
    const strict = await runBehind(DRIFT_ONLY, [], { signUp: false, maxCases: 0, expectLocal: true, bail: true });
    expect(strict.failures.map((failure) => failure.title)).toEqual(["the served document matches this checkout's (--expect-local)"]);
  }, RUN_BOUND_MS);
});
