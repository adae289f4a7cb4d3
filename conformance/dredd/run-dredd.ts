import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createHttpClient, type HttpClient } from "../http-client.ts";
import { toJUnit } from "../junit.ts";
import { type ConformanceLimits, DEFAULT_LIMITS, limitFailure, RunFailure } from "../limits.ts";
import { checkApiKey, spendKey } from "../prepare.ts";
import { type CaseResult, type Report, redactor, summarize, summaryLines } from "../report.ts";
import type { ConformanceOptions } from "../run-conformance.ts";
import { DOCUMENT_PATH, loadServedDocument } from "../served-document.ts";
import { bootTarget, remoteTarget, type Target } from "../target.ts";
import { toDreddInput } from "./dredd-document.ts";
import { toDreddJson } from "./dredd-json.ts";
import { runDreddProcess } from "./dredd-process.ts";
import { DREDD_VERSION, type DreddCommand, findDredd, INSTALL_DREDD } from "./find-dredd.ts";
import { readOutcomes } from "./outcomes.ts";

/** What the Dredd engine takes: the default engine's target, key, report and bound options, and two of its own. */
export interface DreddOptions extends Pick<ConformanceOptions, "baseUrl" | "apiKey" | "rateLimitedKey" | "serverTools" | "junitFile" | "bail" | "verbose" | "log" | "limits"> {
  /** Files Node resolves `dredd` from, in turn (DEFAULT_SEARCH: this package, then the working directory). */
  readonly dreddFrom?: readonly string[];
  /** Only these operations (`METHOD /path` of the served document): a short run, for tests. */
  readonly select?: (operation: string) => boolean;
}

/** The hooks file this package ships beside the engine (copied into dist/ by scripts/copy-assets.mjs). */
export const HOOKS = fileURLToPath(new URL("./hooks.cjs", import.meta.url));

/** What Dredd judges here and what it leaves to the default engine; printed with every run. */
export const DREDD_SCOPE =
  "Dredd checks each answer's status, its Content-Type, that the required headers are present, and its body against the served schema. " +
  "Header values, refused requests (400, 404, 413, 415, 422), the identical 401 body, sessions, property cases and drift: the default engine only.";

/**
 * `tool-api conformance --engine dredd`: runs Dredd (14.1.0, a child process) on a document derived from the one
 * the deployment serves (toDreddInput), with the hooks this package ships, and reports like the default engine
 * (the same closing line, JUnit file and key redaction). Without a Dredd installed it fails at once, saying how to
 * install one. `failed` is 0 only when every transaction passed.
 */
export async function runDreddConformance(options: DreddOptions = {}): Promise<Report> {
  const started = performance.now();
  const log = options.log ?? console.log;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const results: CaseResult[] = [];
  const notes: string[] = [];
  let redact = redactor([options.apiKey, options.rateLimitedKey]);
  const dredd = findDredd(options.dreddFrom);
  if (!dredd) results.push(failureOf(new RunFailure("Dredd is installed", `dredd ${DREDD_VERSION} beside tool-api (a development dependency: installing the package does not bring it)`, `Dredd is not installed here; install it with: ${INSTALL_DREDD}`), redact));
  if (dredd) {
    // --run-timeout bounds the whole run: the engine's own requests through this signal, Dredd by its deadline.
    const deadline = Date.now() + limits.runMs;
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(limitFailure("runMs", limits.runMs, `the run was still going after ${limits.runMs / 1000} s`)), limits.runMs);
    const http = createHttpClient({ limits, signal: stop.signal, note: (line) => notes.push(line) });
    let target: Target | undefined;
    try {
      target = options.baseUrl ? remoteTarget({ ...options, baseUrl: options.baseUrl, apiKey: options.apiKey ?? "" }) : await bootTarget({ tools: options.serverTools });
      redact = redactor([target.apiKey, target.rateLimitedKey]);
      const say = (line: string) => log(redact(line));
      results.push(...(await judge({ target, dredd, http, limits, options, say, redact, deadline })));
    } catch (error) {
      results.push(failureOf(error, redact));
    } finally {
      clearTimeout(timer);
      http.close();
      await target?.close();
    }
  }
  const report = summarize(results, [], (performance.now() - started) / 1000, notes);
  for (const line of summaryLines(report, options.verbose === true)) log(redact(line));
  if (options.junitFile) writeFileSync(options.junitFile, redact(toJUnit(report.results, report.seconds)));
  return report;
}

interface Judgement {
  readonly target: Target;
  readonly dredd: DreddCommand;
  readonly http: HttpClient;
  readonly limits: ConformanceLimits;
  readonly options: DreddOptions;
  readonly say: (line: string) => void;
  readonly redact: (text: string) => string;
  readonly deadline: number;
}

async function judge({ target, dredd, http, limits, options, say, redact, deadline }: Judgement): Promise<CaseResult[]> {
  const document = await loadServedDocument(target.baseUrl, http, limits);
  const input = toDreddInput(document, { rateLimited: Boolean(target.rateLimitedKey), select: options.select });
  const planned = Object.values(input.plan);
  say(`dredd: Dredd ${dredd.version} runs ${planned.length} transactions derived from ${DOCUMENT_PATH} as served`);
  if (dredd.version !== DREDD_VERSION) say(`dredd: note: this engine is tested with Dredd ${DREDD_VERSION} (${INSTALL_DREDD})`);
  say(`dredd: left out (${input.leftOut.length}):`);
  for (const line of input.leftOut) say(`dredd:   ${line}`);
  say(`dredd: ${DREDD_SCOPE}`);
  await checkApiKey(target, planned.filter((entry) => entry.credentials === "key").length + 1, http);
  if (target.rateLimitedKey) await spendKey(target, target.rateLimitedKey, http);
  const dir = mkdtempSync(join(tmpdir(), "conformance-dredd-"));
  try {
    const files = { document: join(dir, "document.json"), plan: join(dir, "plan.json"), outcomes: join(dir, "outcomes.jsonl") };
    writeFileSync(files.document, toDreddJson(input.document));
    writeFileSync(files.plan, JSON.stringify(input.plan));
    const errors: string[] = [];
    const exit = await runDreddProcess({
      dredd,
      documentFile: files.document,
      hooksFile: HOOKS,
      endpoint: target.baseUrl,
      env: { TOOL_API_DREDD_PLAN: files.plan, TOOL_API_DREDD_OUTCOMES: files.outcomes, TOOL_API_DREDD_API_KEY: target.apiKey, TOOL_API_DREDD_RATE_LIMITED_KEY: target.rateLimitedKey ?? "" },
      bail: options.bail === true,
      line: (text) => dreddLine(redact(text), options.verbose === true, say, errors),
      timeoutMs: Math.max(1, deadline - Date.now()),
    });
    const results = readOutcomes(files.outcomes);
    const stopped = options.bail === true && results.some((result) => result.outcome === "fail");
    if (exit.timedOut) throw limitFailure("runMs", limits.runMs, `Dredd was still running after ${limits.runMs / 1000} s`);
    if (results.length < planned.length && !stopped) {
      throw new RunFailure("Dredd ran every planned transaction", `${planned.length} transactions`, `${results.length} ran; Dredd exited with ${exit.code}${errors.length > 0 ? `: ${errors.join(" / ")}` : ""}`);
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Dredd's own lines: its warnings and errors always, everything with --verbose; Node's warning about winston never. */
function dreddLine(text: string, verbose: boolean, say: (line: string) => void, errors: string[]): void {
  if (/padLevels|--trace-warnings/.test(text)) return;
  if (/^error:/.test(text)) errors.push(text.slice(0, 300));
  if (verbose || /^(error|warn):/.test(text)) say(`dredd| ${text}`);
}

/** The result that ends a run: a check that failed says which; anything else is a setup error. */
function failureOf(error: unknown, redact: (text: string) => string): CaseResult {
  const base = { id: "run", group: "run", outcome: "fail", message: "", ms: 0 } as const;
  if (error instanceof RunFailure) return { ...base, title: error.title, expected: error.expected, actual: redact(error.message) };
  const actual = redact(error instanceof Error ? error.message : String(error));
  return { ...base, title: "the suite could run", expected: "a reachable deployment answering the suite's setup requests", actual };
}
