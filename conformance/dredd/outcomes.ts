import { existsSync, readFileSync } from "node:fs";
import type { CaseResult } from "../report.ts";

/** What the hooks record for one transaction (hooks.cjs, afterEach). */
interface Outcome {
  readonly method: string;
  readonly uri: string;
  readonly expected: number;
  readonly status: "pass" | "fail" | "skip" | "error";
  readonly message: string;
  readonly actual: { readonly status: number; readonly body: string } | null;
  readonly ms: number;
}

/** The results of one Dredd run, from the hooks' records in `file` (none when Dredd ran no transaction). */
export function readOutcomes(file: string): CaseResult[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => toResult(JSON.parse(line) as Outcome));
}

function toResult(outcome: Outcome): CaseResult {
  const title = `${outcome.method} ${outcome.uri} → ${outcome.expected}`;
  const actual = outcome.actual ? `${outcome.actual.status} ${outcome.actual.body.replace(/\s+/g, " ").slice(0, 200)}`.trim() : "no answer";
  return {
    id: `${outcome.method} ${outcome.uri} ${outcome.expected}`,
    group: "dredd",
    title,
    outcome: outcome.status === "error" ? "fail" : outcome.status,
    expected: `${outcome.expected} with the documented headers and body (Dredd)`,
    actual,
    message: outcome.message.trim(),
    ms: outcome.ms,
  };
}
