import { existsSync, readFileSync } from "node:fs";
import type { CaseResult } from "../report.ts";

/** What the hooks record for one transaction (hooks.cjs, afterEach). */
interface Outcome {
  readonly method: string;
  readonly uri: string;
  readonly expected: number;
  readonly status: "pass" | "fail" | "skip" | "error";
  readonly message: string;
  /** What gavel found, with where (hooks that predate this field leave it out: `message` then stands alone). */
  readonly errors?: readonly GavelError[];
  readonly actual: { readonly status: number; readonly body: string } | null;
  readonly ms: number;
}

/** One problem gavel found in one field of the answer. */
interface GavelError {
  readonly field: string;
  readonly message: string;
  /** A JSON Pointer into the field; for a missing or extra property it ends with that property's name. */
  readonly pointer: string | null;
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
    message: messageOf(outcome),
    ms: outcome.ms,
  };
}

/**
 * The failure's lines, each once, each saying where: gavel words most schema errors as ajv's `errorsText` does,
 * `data` followed by a path that itself starts at the envelope's `data` (`body: data/data/output should NOT have
 * additional properties`), and leaves out which property; those read `body: At '/data/output/extra' …` here.
 */
export function messageOf(outcome: Pick<Outcome, "message" | "errors">): string {
  const lines = outcome.errors && outcome.errors.length > 0
    ? outcome.errors.map((error) => `${error.field}: ${located(error.message, error.pointer)}`)
    : outcome.message.split("\n").filter((line) => line.trim() !== "").map((line) => line.trim().replace(/^(\w+): (.*)$/s, (_all, field: string, text: string) => `${field}: ${located(text, null)}`));
  return [...new Set(lines)].join("\n");
}

/** `data/<path> <text>` (ajv's errorsText) as `At '<pointer>' <text>`; gavel's own `At '…' …` lines stay as they are. */
function located(message: string, pointer: string | null): string {
  const ajv = /^data((?:\/\S*)?) (.+)$/s.exec(message);
  if (!ajv) return message;
  return `At '${pointer || ajv[1] || "/"}' ${ajv[2]}`;
}
