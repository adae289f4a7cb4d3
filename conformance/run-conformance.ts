import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../adapters/http/openapi/build-openapi.ts";
import { tools as catalogTools } from "../adapters/tools/index.ts";
import type { AnyTool } from "../domain/tool.ts";
import { credentialsFor, exampleCases, findClientOnlyTool } from "./build-cases.ts";
import { toolsOf } from "./document-tools.ts";
import { type Drift, driftOf, formatDrift, hasDrift, localDocumentName } from "./drift.ts";
import { identical401, runCases } from "./execute-cases.ts";
import type { ConformanceCase, Document } from "./expectations.ts";
import { createHttpClient, type HttpClient } from "./http-client.ts";
import { toJUnit } from "./junit.ts";
import { type ConformanceLimits, DEFAULT_LIMITS, limitFailure, RunFailure } from "./limits.ts";
import { checkApiKey, setUpSessions, spendKey } from "./prepare.ts";
import { propertyCases } from "./property-cases.ts";
import { type CaseResult, type Report, redactor, summarize, summaryLines } from "./report.ts";
import { bodyLimitOf, loadServedDocument } from "./served-document.ts";
import { bootTarget, remoteTarget, type Target } from "./target.ts";

export type { ConformanceLimits } from "./limits.ts";
export type { Report } from "./report.ts";

/** What to test and how. Without `baseUrl` the suite boots its own server on 127.0.0.1:0. */
export interface ConformanceOptions {
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly rateLimitedKey?: string;
  /** Only where the served document does not state its body limit (`x-max-body-bytes`). */
  readonly maxBodyBytes?: number;
  /** Against `baseUrl`: allow the run to sign up two throwaway accounts for the signed-in session cases. */
  readonly signUp?: boolean;
  /** Self-boot only: serve this catalog instead of the real one. */
  readonly serverTools?: readonly AnyTool[];
  /** Seed of the property-based cases (default 1): the same seed sends the same inputs. */
  readonly seed?: number;
  /** At most this many property-based cases (default 300; 0 for none). */
  readonly maxCases?: number;
  /** Seconds the property-based part may take (default 30); cases left over are reported as skipped. */
  readonly timeBudgetSeconds?: number;
  /** Fail when the served document differs from this checkout's. */
  readonly expectLocal?: boolean;
  /** Write JUnit XML to `junitFile`. */
  readonly junitFile?: string;
  /** Stop at the first failing transaction. */
  readonly bail?: boolean;
  /** Also print passing transactions. */
  readonly verbose?: boolean;
  /** Where report lines go; console.log by default. */
  readonly log?: (line: string) => void;
  /** Bounds on what the deployment may send and how long the run may take (DEFAULT_LIMITS otherwise). */
  readonly limits?: Partial<ConformanceLimits>;
}

export const DEFAULTS = { seed: 1, maxCases: 300, timeBudgetSeconds: 30, maxBodyBytes: 1_048_576 } as const;

/** What one run shares between its steps. */
interface Run {
  readonly http: HttpClient;
  readonly limits: ConformanceLimits;
  readonly results: CaseResult[];
  drift: string[];
}

/**
 * Runs the suite and resolves with the report; `failed` is 0 only when every case passed. Every bound of
 * `options.limits` (ConformanceLimits) holds against any deployment: one that passes a bound ends the run with a
 * failure naming it, and the results so far.
 */
export async function runConformance(options: ConformanceOptions = {}): Promise<Report> {
  if (options.baseUrl && !options.apiKey) throw new Error("--base-url needs --api-key");
  const started = performance.now();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(limitFailure("runMs", limits.runMs, `the run was still going after ${limits.runMs / 1000} s`)), limits.runMs);
  const notes: string[] = [];
  const run: Run = { http: createHttpClient({ limits, signal: stop.signal, note: (line) => notes.push(line) }), limits, results: [], drift: [] };
  let redact = redactor([options.apiKey, options.rateLimitedKey]);
  let target: Target | undefined;
  try {
    target = options.baseUrl ? remoteTarget({ ...options, baseUrl: options.baseUrl, apiKey: options.apiKey ?? "" }) : await bootTarget({ tools: options.serverTools });
    redact = redactor([target.apiKey, target.rateLimitedKey]);
    await judge(target, options, run, redact);
  } catch (error) {
    run.results.push(failureOf(error, redact));
  } finally {
    clearTimeout(timer);
    run.http.close();
    await target?.close();
  }
  const report = summarize(run.results, run.drift, (performance.now() - started) / 1000, notes);
  for (const line of summaryLines(report, options.verbose === true)) (options.log ?? console.log)(redact(line));
  if (options.junitFile) writeFileSync(options.junitFile, redact(toJUnit(report.results, report.seconds)));
  return report;
}

async function judge(target: Target, options: ConformanceOptions, run: Run, redact: (text: string) => string): Promise<void> {
  const { http, results } = run;
  const document = await loadServedDocument(target.baseUrl, http, run.limits);
  const drift = driftOf(document, buildOpenApiDocument({ tools: catalogTools }));
  run.drift = formatDrift(drift);
  if (options.expectLocal) results.push(driftResult(drift));
  const tools = toolsOf(document);
  const sessions = target.mayCreateAccounts ? await setUpSessions(target, http) : undefined;
  const examples = exampleCases({
    document,
    tools,
    clientOnlyTool: await findClientOnlyTool(target.baseUrl, http),
    maxBodyBytes: bodyLimitOf(document) ?? (options.baseUrl ? (options.maxBodyBytes ?? DEFAULTS.maxBodyBytes) : target.maxBodyBytes),
    target,
    fixture: sessions?.fixture,
  });
  const properties = propertyCases({ document, tools, seed: options.seed ?? DEFAULTS.seed, maxCases: options.maxCases ?? DEFAULTS.maxCases });
  const keyed = [...examples, ...properties].filter((testCase) => (testCase.auth === "key" || testCase.auth === "bearer") && !testCase.skip);
  await checkApiKey(target, keyed.length + 1, http);
  if (target.rateLimitedKey) await spendKey(target, target.rateLimitedKey, http);
  const control = { http, baseUrl: target.baseUrl, credentials: credentialsFor(target, sessions), redact, bail: options.bail, bodies: new Map<string, string>() };
  const halted = () => options.bail === true && results.some((result) => result.outcome === "fail");
  if (!halted()) await runCases(examples, groupOf, control, results);
  if (!halted()) results.push(identical401(examples, control.bodies));
  // The budget starts with the property part, so it bounds exactly that part.
  const deadline = Date.now() + (options.timeBudgetSeconds ?? DEFAULTS.timeBudgetSeconds) * 1000;
  if (!halted()) await runCases(properties, () => "property", { ...control, deadline }, results);
}

/** The result that ends a run: a bound passed or a check that failed says which; anything else is a setup error. */
function failureOf(error: unknown, redact: (text: string) => string): CaseResult {
  const base = { outcome: "fail", message: "", ms: 0 } as const;
  if (error instanceof RunFailure) return { ...base, id: "run", group: "run", title: error.title, expected: error.expected, actual: redact(error.message) };
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  const actual = redact(`${error instanceof Error ? error.message : String(error)}${cause}`);
  return { ...base, id: "run", group: "run", title: "the suite could run", expected: "a reachable deployment answering the suite's setup requests", actual };
}

function driftResult(drift: Drift): CaseResult {
  const drifted = hasDrift(drift);
  const base = { id: "drift", group: "document", title: `the served document matches ${localDocumentName()} (--expect-local)`, expected: "no drift", ms: 0 };
  return drifted ? { ...base, outcome: "fail", actual: "drift", message: formatDrift(drift).join("\n") } : { ...base, outcome: "pass", actual: "no drift", message: "" };
}

function groupOf(testCase: ConformanceCase): string {
  if (/\.example-\d+$|\.example$/.test(testCase.id)) return "example";
  if (testCase.docPath.startsWith("/auth") || testCase.docPath.startsWith("/workspaces")) return "session";
  return testCase.status < 400 ? "api" : "error";
}

export type { Document };
