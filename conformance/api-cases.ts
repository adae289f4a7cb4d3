import type { DocumentTool } from "./document-tools.ts";
import { caseFor, type ConformanceCase, type Document } from "./expectations.ts";
import { isValidAgainst } from "./response-check.ts";

export interface ApiCaseOptions {
  readonly document: Document;
  /** The server tools the document describes. */
  readonly tools: readonly DocumentTool[];
  /** A client-only tool id from the served catalog, if there is one. */
  readonly clientOnlyTool?: string;
  /** The target's MAX_BODY_BYTES: the 413 case sends one byte more. */
  readonly maxBodyBytes: number;
  /** Why the 429 cases cannot run (no rate-limited key), if so. */
  readonly skipRateLimited?: string;
}

const UNKNOWN_TOOL = "no-such-tool";
const TEXT = { type: "text/plain", value: "input=not-json" };
const NOT_AN_EXECUTE_BODY = { type: "application/json", value: { notInput: {} } };

/** Every tool example (200), and per tool path: 401 without a key and 422 (400 and 415 on the first tool's path). */
export function toolCases(options: ApiCaseOptions): ConformanceCase[] {
  const { document } = options;
  const cases: ConformanceCase[] = [];
  const sample = options.tools[0];
  for (const tool of options.tools) {
    const path = `/execute/${tool.id}`;
    const at = { method: "POST" as const, path, docPath: path };
    const first = { type: "application/json", value: { input: tool.examples[0]?.input ?? {} } };
    tool.examples.forEach((example, index) => {
      cases.push(
        caseFor(document, {
          ...at,
          id: `${tool.id}.example-${index + 1}`,
          title: `${tool.id}: ${example.title}${example.output === undefined ? " (random: schema only)" : ""}`,
          auth: "key",
          body: { type: "application/json", value: { input: example.input } },
          status: 200,
          output: example.output,
        }),
      );
    });
    cases.push(caseFor(document, { ...at, id: `${tool.id}.no-key`, title: `${tool.id}: no key`, auth: "none", body: first, status: 401, errorCode: "unauthorized" }));
    // Every execute path shares one body reader: its 400 and 415 are checked on the first tool and the generic routes.
    if (tool === sample) {
      cases.push(caseFor(document, { ...at, id: `${tool.id}.not-input`, title: `${tool.id}: body without input`, auth: "key", body: NOT_AN_EXECUTE_BODY, status: 400, errorCode: "invalid_request" }));
      cases.push(caseFor(document, { ...at, id: `${tool.id}.text-body`, title: `${tool.id}: text/plain body`, auth: "key", body: TEXT, status: 415, errorCode: "unsupported_media_type" }));
    }
    const invalid = invalidInputOf(tool, (input) => isValidAgainst(tool.inputSchema, input));
    if (invalid) {
      cases.push(caseFor(document, { ...at, id: `${tool.id}.bad-input`, title: `${tool.id}: input against its schema`, auth: "key", body: { type: "application/json", value: { input: invalid } }, status: 422, errorCode: "invalid_input" }));
    }
  }
  return cases;
}

/** An input the tool's schema refuses: an unknown member, else an empty object; undefined when both pass. */
function invalidInputOf(tool: DocumentTool, isValid: (input: unknown) => boolean): Record<string, unknown> | undefined {
  const candidates = [{ ...(tool.examples[0]?.input as Record<string, unknown>), "x-conformance-unknown": true }, {}];
  return candidates.find((candidate) => !isValid(candidate));
}

/** The generic execute route and its alias: every status they document that a client can provoke. */
export function genericExecuteCases(options: ApiCaseOptions): ConformanceCase[] {
  const { document } = options;
  const sample = options.tools.find((tool) => tool.examples.length > 0);
  const clientOnly = options.clientOnlyTool;
  if (!sample) return [];
  const body = { type: "application/json", value: { input: sample.examples[0].input } };
  const cases: ConformanceCase[] = [];
  for (const [route, docPath, pathOf] of [
    ["execute", "/execute/{tool}", (id: string) => `/execute/${id}`],
    ["alias", "/tools/{slug}/execute", (id: string) => `/tools/${id}/execute`],
  ] as const) {
    const at = (id: string) => ({ method: "POST" as const, path: pathOf(id), docPath });
    const named = (suffix: string) => ({ id: `${route}.${suffix}`, title: `POST ${docPath}: ${suffix.replaceAll("-", " ")}` });
    cases.push(caseFor(document, { ...at(sample.id), ...named("example"), auth: "key", body, status: 200, output: sample.examples[0].output }));
    cases.push(caseFor(document, { ...at(sample.id), ...named("no-key"), auth: "none", body, status: 401, errorCode: "unauthorized" }));
    cases.push(caseFor(document, { ...at(sample.id), ...named("malformed-key"), auth: "malformed", body, status: 401, errorCode: "unauthorized" }));
    cases.push(caseFor(document, { ...at(sample.id), ...named("unknown-bearer-key"), auth: "unknown", body, status: 401, errorCode: "unauthorized" }));
    cases.push(caseFor(document, { ...at(UNKNOWN_TOOL), ...named("unknown-tool"), auth: "key", body: { type: "application/json", value: { input: {} } }, status: 404, errorCode: "tool_not_found" }));
    if (clientOnly) cases.push(caseFor(document, { ...at(clientOnly), ...named("client-only-tool"), auth: "key", body: { type: "application/json", value: { input: {} } }, status: 400, errorCode: "client_only_tool" }));
    cases.push(caseFor(document, { ...at(sample.id), ...named("body-without-input"), auth: "key", body: NOT_AN_EXECUTE_BODY, status: 400, errorCode: "invalid_request" }));
    cases.push(caseFor(document, { ...at(sample.id), ...named("text-body"), auth: "key", body: TEXT, status: 415, errorCode: "unsupported_media_type" }));
    cases.push(caseFor(document, { ...at(sample.id), ...named("bad-input"), auth: "key", body: { type: "application/json", value: { input: { "x-conformance-unknown": true } } }, status: 422, errorCode: "invalid_input" }));
    cases.push(caseFor(document, { ...at(sample.id), ...named("rate-limited"), auth: "limited", body, status: 429, errorCode: "rate_limited", skip: options.skipRateLimited }));
  }
  const oversized = { type: "application/json", value: { input: { text: "a".repeat(options.maxBodyBytes) } } };
  cases.push(caseFor(document, { method: "POST", path: `/execute/${sample.id}`, docPath: "/execute/{tool}", id: "execute.too-large", title: "POST /execute/{tool}: body over MAX_BODY_BYTES", auth: "key", body: oversized, status: 413, errorCode: "payload_too_large" }));
  return cases;
}

/** The catalog, the calling key, health and the document itself. */
export function coreCases(options: ApiCaseOptions): ConformanceCase[] {
  const { document } = options;
  const get = (path: string, docPath: string) => ({ method: "GET" as const, path, docPath });
  const sample = options.tools[0]?.id;
  const cases = [
    caseFor(document, { ...get("/tools", "/tools"), id: "tools.list", title: "GET /tools", auth: "none", status: 200 }),
    caseFor(document, { ...get(`/tools/${UNKNOWN_TOOL}`, "/tools/{slug}"), id: "tools.unknown", title: "GET /tools/{slug}: unknown tool", auth: "none", status: 404, errorCode: "tool_not_found" }),
    caseFor(document, { ...get("/keys/current", "/keys/current"), id: "keys.current", title: "GET /keys/current with X-API-Key", auth: "key", status: 200 }),
    caseFor(document, { ...get("/keys/current", "/keys/current"), id: "keys.current-bearer", title: "GET /keys/current with a bearer key", auth: "bearer", status: 200 }),
    caseFor(document, { ...get("/keys/current", "/keys/current"), id: "keys.no-key", title: "GET /keys/current without a key", auth: "none", status: 401, errorCode: "unauthorized" }),
    caseFor(document, { ...get("/keys/current", "/keys/current"), id: "keys.unknown-key", title: "GET /keys/current with an unknown key", auth: "unknown", status: 401, errorCode: "unauthorized" }),
    caseFor(document, { ...get("/keys/current", "/keys/current"), id: "keys.rate-limited", title: "GET /keys/current with a spent key", auth: "limited", status: 429, errorCode: "rate_limited", skip: options.skipRateLimited }),
    caseFor(document, { ...get("/keys/current/tools", "/keys/current/tools"), id: "keys.current-tools", title: "GET /keys/current/tools: what the key may execute", auth: "key", status: 200 }),
    caseFor(document, { ...get("/keys/current/tools", "/keys/current/tools"), id: "keys.current-tools-no-key", title: "GET /keys/current/tools without a key", auth: "none", status: 401, errorCode: "unauthorized" }),
    caseFor(document, { ...get("/health", "/health"), id: "health", title: "GET /health", auth: "none", status: 200 }),
    caseFor(document, { ...get("/openapi.json", "/openapi.json"), id: "openapi", title: "GET /openapi.json", auth: "none", status: 200 }),
  ];
  for (const tool of [sample, options.clientOnlyTool]) {
    if (tool) cases.push(caseFor(document, { ...get(`/tools/${tool}`, "/tools/{slug}"), id: `tools.${tool}`, title: `GET /tools/${tool}`, auth: "none", status: 200 }));
  }
  return cases;
}
