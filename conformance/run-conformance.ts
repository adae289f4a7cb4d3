import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../adapters/http/openapi/build-openapi.ts";
import { tools as catalogTools } from "../adapters/tools/index.ts";
import type { AnyTool } from "../domain/tool.ts";
import { credentialsFor, exampleCases, findClientOnlyTool } from "./build-cases.ts";
import { toolsOf } from "./document-tools.ts";
import { type Drift, driftOf, formatDrift, hasDrift } from "./drift.ts";
import { identical401, runCases } from "./execute-cases.ts";
import type { ConformanceCase, Document } from "./expectations.ts";
import { toJUnit } from "./junit.ts";
import { checkApiKey, setUpSessions, spendKey } from "./prepare.ts";
import { propertyCases } from "./property-cases.ts";
import { type CaseResult, type Report, redactor, summarize, summaryLines } from "./report.ts";
import { bodyLimitOf, loadServedDocument } from "./served-document.ts";
import { bootTarget, remoteTarget, type Target } from "./target.ts";

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
}

export const DEFAULTS = { seed: 1, maxCases: 300, timeBudgetSeconds: 30, maxBodyBytes: 1_048_576 } as const;

/** Runs the suite and resolves with the report; `failed` is 0 only when every case passed. */
export async function runConformance(options: ConformanceOptions = {}): Promise<Report> {
  if (options.baseUrl && !options.apiKey) throw new Error("--base-url needs --api-key");
  const started = performance.now();
  const target = options.baseUrl
    ? remoteTarget({ ...options, baseUrl: options.baseUrl, apiKey: options.apiKey ?? "" })
    : await bootTarget({ tools: options.serverTools });
  const redact = redactor([target.apiKey, target.rateLimitedKey]);
  let report: Report;
  try {
    report = await judge(target, options, redact, started);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    const message = redact(`${error instanceof Error ? error.message : String(error)}${cause}`);
    const result: CaseResult = { id: "document", group: "document", title: "the suite could run", outcome: "fail", expected: "a reachable deployment serving a valid OpenAPI 3.0.x document", actual: message, message, ms: 0 };
    report = summarize([result], [], (performance.now() - started) / 1000);
  } finally {
    await target.close();
  }
  for (const line of summaryLines(report, options.verbose === true)) (options.log ?? console.log)(redact(line));
  if (options.junitFile) writeFileSync(options.junitFile, redact(toJUnit(report.results, report.seconds)));
  return report;
}

async function judge(target: Target, options: ConformanceOptions, redact: (text: string) => string, started: number): Promise<Report> {
  const document = await loadServedDocument(target.baseUrl);
  const drift = driftOf(document, buildOpenApiDocument({ tools: catalogTools }));
  const results: CaseResult[] = options.expectLocal ? [driftResult(drift)] : [];
  const tools = toolsOf(document);
  const sessions = target.mayCreateAccounts ? await setUpSessions(target) : undefined;
  const examples = exampleCases({
    document,
    tools,
    clientOnlyTool: await findClientOnlyTool(target.baseUrl),
    maxBodyBytes: bodyLimitOf(document) ?? (options.baseUrl ? (options.maxBodyBytes ?? DEFAULTS.maxBodyBytes) : target.maxBodyBytes),
    target,
    fixture: sessions?.fixture,
  });
  const properties = propertyCases({ document, tools, seed: options.seed ?? DEFAULTS.seed, maxCases: options.maxCases ?? DEFAULTS.maxCases });
  const keyed = [...examples, ...properties].filter((testCase) => (testCase.auth === "key" || testCase.auth === "bearer") && !testCase.skip);
  await checkApiKey(target, keyed.length + 1);
  if (target.rateLimitedKey) await spendKey(target, target.rateLimitedKey);
  const control = { baseUrl: target.baseUrl, credentials: credentialsFor(target, sessions), redact, bail: options.bail, bodies: new Map<string, string>() };
  const halted = () => options.bail === true && results.some((result) => result.outcome === "fail");
  if (!halted()) results.push(...(await runCases(examples, groupOf, control)));
  if (!halted()) results.push(identical401(examples, control.bodies));
  // The budget starts with the property part, so it bounds exactly that part.
  const deadline = Date.now() + (options.timeBudgetSeconds ?? DEFAULTS.timeBudgetSeconds) * 1000;
  if (!halted()) results.push(...(await runCases(properties, () => "property", { ...control, deadline })));
  return summarize(results, formatDrift(drift), (performance.now() - started) / 1000);
}

function driftResult(drift: Drift): CaseResult {
  const drifted = hasDrift(drift);
  const base = { id: "drift", group: "document", title: "the served document is this checkout's (--expect-local)", expected: "no drift", ms: 0 };
  return drifted ? { ...base, outcome: "fail", actual: "drift", message: formatDrift(drift).join("\n") } : { ...base, outcome: "pass", actual: "no drift", message: "" };
}

function groupOf(testCase: ConformanceCase): string {
  if (/\.example-\d+$|\.example$/.test(testCase.id)) return "example";
  if (testCase.docPath.startsWith("/auth") || testCase.docPath.startsWith("/workspaces")) return "session";
  return testCase.status < 400 ? "api" : "error";
}

export type { Document };
