import type { CaseResult } from "./report.ts";

const escape = (text: string) =>
  text
    // XML 1.0 cannot carry most control characters, even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "\ufffd")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

/** JUnit XML: one testsuite, one testcase per transaction, failures with what was expected and what came back. */
export function toJUnit(results: readonly CaseResult[], seconds: number): string {
  const failures = results.filter((result) => result.outcome === "fail").length;
  const skipped = results.filter((result) => result.outcome === "skip").length;
  const cases = results.map((result) => {
    const open = `    <testcase classname="conformance.${escape(result.group)}" name="${escape(result.title)}" time="${(result.ms / 1000).toFixed(3)}"`;
    if (result.outcome === "pass") return `${open}/>`;
    if (result.outcome === "skip") return `${open}>\n      <skipped message="${escape(result.message)}"/>\n    </testcase>`;
    // A run's own failure has no message beyond what came back: say that once.
    const text = `expected: ${result.expected}\nactual: ${result.actual}${result.message && result.message !== result.actual ? `\n${result.message}` : ""}`;
    return `${open}>\n      <failure message="${escape((result.message || result.actual).split("\n")[0])}" type="conformance">${escape(text)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${results.length}" failures="${failures}" skipped="${skipped}" time="${seconds.toFixed(3)}">`,
    `  <testsuite name="conformance" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds.toFixed(3)}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
