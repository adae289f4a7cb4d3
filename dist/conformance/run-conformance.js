import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../adapters/http/openapi/build-openapi.js";
import { tools as catalogTools } from "../adapters/tools/index.js";
import { credentialsFor, exampleCases, findClientOnlyTool } from "./build-cases.js";
import { toolsOf } from "./document-tools.js";
import { driftOf, formatDrift, hasDrift } from "./drift.js";
import { identical401, runCases } from "./execute-cases.js";
import { toJUnit } from "./junit.js";
import { checkApiKey, setUpSessions, spendKey } from "./prepare.js";
import { propertyCases } from "./property-cases.js";
import { redactor, summarize, summaryLines } from "./report.js";
import { bodyLimitOf, loadServedDocument } from "./served-document.js";
import { bootTarget, remoteTarget } from "./target.js";
export const DEFAULTS = { seed: 1, maxCases: 300, timeBudgetSeconds: 30, maxBodyBytes: 1_048_576 };
/** Runs the suite and resolves with the report; `failed` is 0 only when every case passed. */
export async function runConformance(options = {}) {
    if (options.baseUrl && !options.apiKey)
        throw new Error("--base-url needs --api-key");
    const started = performance.now();
    const target = options.baseUrl
        ? remoteTarget({ ...options, baseUrl: options.baseUrl, apiKey: options.apiKey ?? "" })
        : await bootTarget({ tools: options.serverTools });
    const redact = redactor([target.apiKey, target.rateLimitedKey]);
    let report;
    try {
        report = await judge(target, options, redact, started);
    }
    catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
        const message = redact(`${error instanceof Error ? error.message : String(error)}${cause}`);
        const result = { id: "document", group: "document", title: "the suite could run", outcome: "fail", expected: "a reachable deployment serving a valid OpenAPI 3.0.x document", actual: message, message, ms: 0 };
        report = summarize([result], [], (performance.now() - started) / 1000);
    }
    finally {
        await target.close();
    }
    for (const line of summaryLines(report, options.verbose === true))
        (options.log ?? console.log)(redact(line));
    if (options.junitFile)
        writeFileSync(options.junitFile, redact(toJUnit(report.results, report.seconds)));
    return report;
}
async function judge(target, options, redact, started) {
    const document = await loadServedDocument(target.baseUrl);
    const drift = driftOf(document, buildOpenApiDocument({ tools: catalogTools }));
    const results = options.expectLocal ? [driftResult(drift)] : [];
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
    if (target.rateLimitedKey)
        await spendKey(target, target.rateLimitedKey);
    const control = { baseUrl: target.baseUrl, credentials: credentialsFor(target, sessions), redact, bail: options.bail, bodies: new Map() };
    const halted = () => options.bail === true && results.some((result) => result.outcome === "fail");
    if (!halted())
        results.push(...(await runCases(examples, groupOf, control)));
    if (!halted())
        results.push(identical401(examples, control.bodies));
    // The budget starts with the property part, so it bounds exactly that part.
    const deadline = Date.now() + (options.timeBudgetSeconds ?? DEFAULTS.timeBudgetSeconds) * 1000;
    if (!halted())
        results.push(...(await runCases(properties, () => "property", { ...control, deadline })));
    return summarize(results, formatDrift(drift), (performance.now() - started) / 1000);
}
function driftResult(drift) {
    const drifted = hasDrift(drift);
    const base = { id: "drift", group: "document", title: "the served document is this checkout's (--expect-local)", expected: "no drift", ms: 0 };
    return drifted ? { ...base, outcome: "fail", actual: "drift", message: formatDrift(drift).join("\n") } : { ...base, outcome: "pass", actual: "no drift", message: "" };
}
function groupOf(testCase) {
    if (/\.example-\d+$|\.example$/.test(testCase.id))
        return "example";
    if (testCase.docPath.startsWith("/auth") || testCase.docPath.startsWith("/workspaces"))
        return "session";
    return testCase.status < 400 ? "api" : "error";
}
