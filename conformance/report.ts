/** How one transaction (or one cross-case check) ended. */
export interface CaseResult {
  readonly id: string;
  /** The case family: example, error, property, session, document, invariant. */
  readonly group: string;
  readonly title: string;
  readonly outcome: "pass" | "fail" | "skip";
  /** What the document promised, in one line. */
  readonly expected: string;
  /** What came back, in one line (status and the start of the body). */
  readonly actual: string;
  readonly message: string;
  readonly ms: number;
}

/** The whole run. */
export interface Report {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly total: number;
  readonly results: readonly CaseResult[];
  readonly failures: readonly CaseResult[];
  /** The drift section's lines. */
  readonly drift: readonly string[];
  readonly seconds: number;
}

/** Replaces every secret in `text`; reports, JUnit files and errors go through it. */
export function redactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const known = secrets.filter((secret): secret is string => typeof secret === "string" && secret.length >= 8);
  return (text) => known.reduce((out, secret) => out.replaceAll(secret, "[redacted]"), text);
}

export function summarize(results: readonly CaseResult[], drift: readonly string[], seconds: number): Report {
  const failures = results.filter((result) => result.outcome === "fail");
  const passed = results.filter((result) => result.outcome === "pass").length;
  const skipped = results.filter((result) => result.outcome === "skip").length;
  return { passed, failed: failures.length, skipped, total: results.length, results, failures, drift, seconds };
}

/** The readable summary: skips and failures, the drift section, then the closing count line. */
export function summaryLines(report: Report, verbose: boolean): string[] {
  const lines: string[] = [];
  for (const result of report.results) {
    if (result.outcome === "pass" && verbose) lines.push(`PASS ${result.title}`);
    if (result.outcome === "skip") lines.push(`SKIP ${result.title}: ${result.message}`);
    if (result.outcome === "fail") lines.push(`FAIL ${result.title}\n  expected ${result.expected}\n  got ${result.actual}\n  ${result.message.replaceAll("\n", "\n  ")}`);
  }
  lines.push(...report.drift);
  lines.push(`conformance: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (${report.total} transactions, ${report.seconds.toFixed(1)} s)`);
  return lines;
}
