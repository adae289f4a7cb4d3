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
  /** What the suite did on its own that a reader should know (a request sent again on a fresh connection). */
  readonly notes: readonly string[];
  readonly seconds: number;
}

/**
 * Replaces every secret in `text`, in each form the suite itself can write it: as given, URL-encoded (a redirect
 * target, a path), base64 and base64url (a Basic header), JSON-escaped and XML-escaped (the JUnit file is redacted
 * after escaping). Reports, JUnit files and errors go through it.
 */
export function redactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const known = secrets.filter((secret): secret is string => typeof secret === "string" && secret.length >= 8);
  // Longest first, so that no shorter form (unpadded base64) leaves a piece of a longer one behind.
  const forms = [...new Set(known.flatMap(encodedForms))].sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((out, form) => out.replaceAll(form, "[redacted]"), text);
}

function encodedForms(secret: string): string[] {
  const base64 = Buffer.from(secret, "utf8").toString("base64");
  const xml = secret.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
  return [secret, encodeURIComponent(secret), encodeURI(secret), base64, base64.replace(/=+$/, ""), Buffer.from(secret, "utf8").toString("base64url"), JSON.stringify(secret).slice(1, -1), xml];
}

export function summarize(results: readonly CaseResult[], drift: readonly string[], seconds: number, notes: readonly string[] = []): Report {
  const failures = results.filter((result) => result.outcome === "fail");
  const passed = results.filter((result) => result.outcome === "pass").length;
  const skipped = results.filter((result) => result.outcome === "skip").length;
  return { passed, failed: failures.length, skipped, total: results.length, results, failures, drift, notes, seconds };
}

/** The readable summary: skips and failures, the drift section, the notes, then the closing count line. */
export function summaryLines(report: Report, verbose: boolean): string[] {
  const lines: string[] = [];
  for (const result of report.results) {
    if (result.outcome === "pass" && verbose) lines.push(`PASS ${result.title}`);
    if (result.outcome === "skip") lines.push(`SKIP ${result.title}: ${result.message}`);
    if (result.outcome === "fail") lines.push(failureLines(result));
  }
  lines.push(...report.drift);
  lines.push(...report.notes.map((note) => `note: ${note}`));
  lines.push(`conformance: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (${report.total} transactions, ${report.seconds.toFixed(1)} s)`);
  return lines;
}

/** A failure says what failed once: the message only where it adds to what came back. */
function failureLines(result: CaseResult): string {
  const head = `FAIL ${result.title}\n  expected ${result.expected}\n  got ${result.actual}`;
  return result.message === "" || result.message === result.actual ? head : `${head}\n  ${result.message.replaceAll("\n", "\n  ")}`;
}
