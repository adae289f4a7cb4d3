import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildOpenApiDocument } from "../adapters/http/openapi/build-openapi.js";
import { tools as catalogTools } from "../adapters/tools/index.js";
import { coreCases, genericExecuteCases, toolCases } from "./api-cases.js";
import { parseConformanceArgs } from "./cli-args.js";
import { toDreddDocument, toDreddJson } from "./dredd-document.js";
import { runDredd } from "./dredd-run.js";
import { checkApiKey, setUpSessions, spendKey, unknownKey } from "./prepare.js";
import { anonymousSessionCases, signedInCases } from "./session-cases.js";
import { bootTarget, remoteTarget } from "./target.js";
const CONTEXT = Symbol.for("tool-api.conformance");
/** Runs the Dredd contract suite; resolves with the counts (failed > 0 when any transaction failed or errored). */
export async function runConformance(options = {}) {
    if (options.baseUrl && !options.apiKey)
        throw new Error("--base-url needs --api-key");
    const target = options.baseUrl
        ? remoteTarget({ ...options, baseUrl: options.baseUrl, apiKey: options.apiKey ?? "" })
        : await bootTarget({ tools: options.serverTools });
    try {
        return await runAgainst(target, options);
    }
    finally {
        await target.close();
    }
}
async function runAgainst(target, options) {
    const log = options.log ?? console.log;
    const sessions = target.mayCreateAccounts ? await setUpSessions(target) : undefined;
    const cases = buildCases(target, sessions?.fixture);
    await checkApiKey(target, cases.filter((testCase) => (testCase.auth === "key" || testCase.auth === "bearer") && !testCase.skip).length + 1);
    if (target.rateLimitedKey)
        await spendKey(target, target.rateLimitedKey);
    const dir = mkdtempSync(join(tmpdir(), "conformance-"));
    const documentFile = join(dir, "transactions.json");
    writeFileSync(documentFile, toDreddJson(toDreddDocument(cases)));
    const secrets = [target.apiKey, target.rateLimitedKey, sessions?.first.cookie, sessions?.second.cookie].filter((value) => Boolean(value));
    globalThis[CONTEXT] = { cases: Object.fromEntries(cases.map((testCase) => [testCase.id, testCase])), headers: headersFor(target, sessions) };
    try {
        const outcomes = await runDredd(documentFile, target.baseUrl);
        return report(cases, outcomes, { log, verbose: options.verbose === true, secrets });
    }
    finally {
        delete globalThis[CONTEXT];
        rmSync(dir, { recursive: true, force: true });
    }
}
function buildCases(target, fixture) {
    const document = buildOpenApiDocument({ tools: catalogTools });
    const options = {
        document,
        tools: catalogTools,
        maxBodyBytes: target.maxBodyBytes,
        skipRateLimited: target.rateLimitedKey ? undefined : "no --rate-limited-key given",
    };
    const noAccounts = "the run may not create accounts here (add --sign-up)";
    const placeholder = { email: "", password: "", workspaceId: "x", extraWorkspaceId: "x", foreignWorkspaceId: "x", newEmail: "" };
    const signedIn = signedInCases(document, fixture ?? placeholder, fixture?.revocableKeyId ? undefined : "needs a key in the workspace (made only on a self-booted server)");
    return [
        ...coreCases(options),
        ...genericExecuteCases(options),
        ...toolCases(options),
        ...anonymousSessionCases(document),
        ...signedIn.map((testCase) => (fixture ? testCase : { ...testCase, skip: noAccounts })),
    ];
}
function headersFor(target, sessions) {
    const session = (credentials, csrf = true) => credentials ? { Cookie: credentials.cookie, ...(csrf ? { "X-CSRF-Token": credentials.csrfToken } : {}) } : {};
    return {
        key: { "X-API-Key": target.apiKey },
        bearer: { Authorization: `Bearer ${target.apiKey}` },
        none: {},
        malformed: { "X-API-Key": "tk_dev_not-a-key" },
        unknown: { Authorization: `Bearer ${unknownKey()}` },
        limited: target.rateLimitedKey ? { "X-API-Key": target.rateLimitedKey } : {},
        session: session(sessions?.first),
        "session-no-csrf": session(sessions?.first, false),
        "second-session": session(sessions?.second),
    };
}
function report(cases, outcomes, options) {
    const titles = new Map(cases.map((testCase) => [testCase.id, testCase]));
    const redact = (text) => options.secrets.reduce((out, secret) => out.replaceAll(secret, "[redacted]"), text);
    const failures = [];
    let passed = 0;
    let skipped = 0;
    for (const outcome of outcomes) {
        const testCase = outcome.caseId ? titles.get(outcome.caseId) : undefined;
        const title = testCase ? `${testCase.title} → ${testCase.status}` : `transaction ${outcome.caseId ?? "?"}`;
        if (outcome.status === "pass")
            passed++;
        if (outcome.status === "skip")
            skipped++;
        if (outcome.status === "pass" && options.verbose)
            options.log(`PASS ${title}`);
        if (outcome.status === "skip")
            options.log(`SKIP ${title}: ${testCase?.skip ?? "skipped"}`);
        if (outcome.status === "fail" || outcome.status === "error") {
            failures.push({ title, message: redact(outcome.message) });
            options.log(`FAIL ${title}\n  ${redact(outcome.message).trim().replaceAll("\n", "\n  ")}`);
        }
    }
    const missing = cases.length - outcomes.length;
    if (missing > 0)
        failures.push({ title: "Dredd", message: `${missing} transactions did not run` });
    const result = { passed, failed: failures.length, skipped, total: cases.length, failures };
    options.log(`conformance: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped (${result.total} transactions)`);
    return result;
}
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
    const parsed = parseConformanceArgs(process.argv.slice(2), process.env);
    if (!parsed.ok) {
        console.error(parsed.error);
        process.exit(2);
    }
    runConformance(parsed.value).then((result) => process.exit(result.failed === 0 && result.passed > 0 ? 0 : 1), (error) => {
        const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
        console.error(`conformance: could not run: ${error instanceof Error ? error.message : String(error)}${cause}`);
        console.log("conformance: 0 passed, 1 failed, 0 skipped (the suite could not run)");
        process.exit(1);
    });
}
