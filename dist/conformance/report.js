/** Replaces every secret in `text`; reports, JUnit files and errors go through it. */
export function redactor(secrets) {
    const known = secrets.filter((secret) => typeof secret === "string" && secret.length >= 8);
    return (text) => known.reduce((out, secret) => out.replaceAll(secret, "[redacted]"), text);
}
export function summarize(results, drift, seconds) {
    const failures = results.filter((result) => result.outcome === "fail");
    const passed = results.filter((result) => result.outcome === "pass").length;
    const skipped = results.filter((result) => result.outcome === "skip").length;
    return { passed, failed: failures.length, skipped, total: results.length, results, failures, drift, seconds };
}
/** The readable summary: skips and failures, the drift section, then the closing count line. */
export function summaryLines(report, verbose) {
    const lines = [];
    for (const result of report.results) {
        if (result.outcome === "pass" && verbose)
            lines.push(`PASS ${result.title}`);
        if (result.outcome === "skip")
            lines.push(`SKIP ${result.title}: ${result.message}`);
        if (result.outcome === "fail")
            lines.push(`FAIL ${result.title}\n  expected ${result.expected}\n  got ${result.actual}\n  ${result.message.replaceAll("\n", "\n  ")}`);
    }
    lines.push(...report.drift);
    lines.push(`conformance: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (${report.total} transactions, ${report.seconds.toFixed(1)} s)`);
    return lines;
}
