import type { ConformanceCase } from "./expectations.ts";
import type { HttpClient } from "./http-client.ts";
import { RunFailure } from "./limits.ts";
import type { CaseResult } from "./report.ts";
import { problemsOf } from "./response-check.ts";
import { type Credentials, send } from "./transport.ts";

export interface RunControl {
  readonly http: HttpClient;
  readonly baseUrl: string;
  readonly credentials: Credentials;
  readonly redact: (text: string) => string;
  /** Stop at the first failure (a mutant needs only one). */
  readonly bail?: boolean;
  /** Epoch ms after which the remaining cases are skipped. */
  readonly deadline?: number;
  /** Bodies of the answers, by case id, for the cross-case checks. */
  readonly bodies: Map<string, string>;
}

/**
 * Runs the cases one after another (their order matters: the session cases end with sign-out), adding each result
 * to `results` as it comes, so that a run a bound ends keeps the results it had.
 */
export async function runCases(cases: readonly ConformanceCase[], group: (testCase: ConformanceCase) => string, control: RunControl, results: CaseResult[] = []): Promise<CaseResult[]> {
  for (const testCase of cases) {
    const title = `${testCase.title} → ${testCase.status}`;
    const expected = expectedOf(testCase);
    const base = { id: testCase.id, group: group(testCase), title, expected };
    if (testCase.skip || (control.deadline !== undefined && Date.now() > control.deadline)) {
      results.push({ ...base, outcome: "skip", actual: "not sent", message: testCase.skip ?? "the time budget was spent", ms: 0 });
      continue;
    }
    const started = performance.now();
    // A bound passed (RunFailure) ends the run; any other error is this case's failure.
    const result = await runOne(testCase, control).catch((error: unknown) => {
      if (error instanceof RunFailure) throw error;
      return { problems: [`no answer: ${(error as Error).message}`], actual: "no answer" };
    });
    const ms = performance.now() - started;
    const outcome = result.problems.length === 0 ? "pass" : "fail";
    results.push({ ...base, outcome, actual: control.redact(result.actual), message: control.redact(result.problems.join("\n")), ms });
    if (outcome === "fail" && control.bail) break;
  }
  return results;
}

async function runOne(testCase: ConformanceCase, control: RunControl): Promise<{ problems: string[]; actual: string }> {
  const answer = await send(control.http, control.baseUrl, testCase, control.credentials);
  control.bodies.set(testCase.id, answer.text);
  const shown = answer.text.length > 300 ? `${answer.text.slice(0, 300)}…` : answer.text;
  return { problems: problemsOf(testCase, answer), actual: `${answer.status} ${shown}` };
}

function expectedOf(testCase: ConformanceCase): string {
  const statuses = [testCase.status, ...(testCase.alternatives ?? []).map((alternative) => alternative.status)];
  const required = testCase.headers.filter((header) => header.required).map((header) => header.name);
  const headers = required.length > 0 ? ` with ${required.join(", ")}` : "";
  return `${statuses.join(" or ")}${headers} and a body matching the documented schema`;
}

/**
 * The one 401 for every bad key: the answers to no key, a malformed key and an unknown key on the key-protected
 * routes must be byte-identical bodies, so a client cannot learn why its key was refused.
 */
export function identical401(cases: readonly ConformanceCase[], bodies: ReadonlyMap<string, string>): CaseResult {
  const refused = cases.filter((testCase) => testCase.status === 401 && ["none", "malformed", "unknown"].includes(testCase.auth) && /^\/(execute|tools|keys)\b/.test(testCase.docPath));
  const seen = new Map<string, string[]>();
  for (const testCase of refused) {
    const body = bodies.get(testCase.id);
    if (body !== undefined) seen.set(body, [...(seen.get(body) ?? []), testCase.id]);
  }
  const base = { id: "invariant.identical-401", group: "invariant", title: "one identical 401 body for every refused key", expected: "one body", ms: 0 };
  if (seen.size <= 1) return { ...base, outcome: seen.size === 1 ? "pass" : "skip", actual: `${seen.size} distinct bodies`, message: seen.size === 1 ? "" : "no 401 answers to compare" };
  const listed = [...seen.entries()].map(([body, ids]) => `${body.slice(0, 160)} (${ids.slice(0, 3).join(", ")}${ids.length > 3 ? ", …" : ""})`);
  return { ...base, outcome: "fail", actual: `${seen.size} distinct bodies`, message: `the 401 body varies with the reason:\n${listed.join("\n")}` };
}
