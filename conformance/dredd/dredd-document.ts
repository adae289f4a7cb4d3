import { isRecord } from "../../adapters/http/openapi/json-schema-to-openapi.ts";
import { resolvePointer } from "../../adapters/http/openapi/openapi-to-json-schema.ts";
import { type Document, expectationOf } from "../expectations.ts";
import { type Access, accessOf } from "./operation-access.ts";
import { exampleOf, fillPath } from "./operation-values.ts";
import { forGavel } from "./gavel-schema.ts";

/** Which credentials the hooks send with one transaction. */
export type Credentials = "key" | "none" | "limited";

/** What the hooks do for one transaction, keyed by `planKey()`. */
export interface PlanEntry {
  readonly credentials: Credentials;
  /** The served document's response body schema, as a JSON Schema gavel (Dredd's validator) can read. */
  readonly bodySchema: Record<string, unknown>;
  /** Response headers the served document requires. */
  readonly headers: readonly string[];
}

/** The document Dredd reads, the hooks' plan for each of its transactions, and what it leaves out and why. */
export interface DreddInput {
  readonly document: Record<string, unknown>;
  readonly plan: Record<string, PlanEntry>;
  readonly leftOut: readonly string[];
}

const METHODS = ["get", "put", "post", "patch", "delete"] as const;

/** How to derive: whether 429 answers can be provoked, and which operations to keep. */
export interface DeriveOptions {
  /** Whether a spent key is at hand for the 429 answers. */
  readonly rateLimited: boolean;
  /** Only the operations (`METHOD /path` of the served document) it accepts; every one by default. */
  readonly select?: (operation: string) => boolean;
}

/** The key of one transaction in the plan: what the hooks can read off a Dredd transaction. */
export function planKey(method: string, path: string, status: number | string): string {
  return `${method.toUpperCase()} ${path} ${status}`;
}

/**
 * Derives from the served document one Dredd 14 can read and run: every path under the served base path, every
 * path parameter filled, one request example per operation, and per operation only the answers a request can
 * provoke here (its success, and for keyed operations 401 without a key and 429 with the spent key). Schemas stay
 * out of it (Dredd's OpenAPI 3 parser skips allOf, oneOf, pattern, bounds): the plan carries them for the hooks.
 */
export function toDreddInput(served: Document, options: DeriveOptions): DreddInput {
  const base = basePathOf(served);
  const paths: Record<string, Record<string, unknown>> = {};
  const plan: Record<string, PlanEntry> = {};
  const leftOut: string[] = [];
  const literal = new Set(Object.entries(served.paths).flatMap(([path, item]) => (path.includes("{") ? [] : METHODS.filter((method) => isRecord(item?.[method])).map((method) => `${method} ${base}${path}`))));
  for (const [path, item] of Object.entries(served.paths)) {
    for (const method of METHODS) {
      const operation = isRecord(item) ? item[method] : undefined;
      if (!isRecord(item) || !isRecord(operation) || options.select?.(`${method.toUpperCase()} ${path}`) === false) continue;
      // A filled template yields to an operation the document lists at that very path, wherever that one comes.
      const taken = (candidate: string) => paths[candidate]?.[method] !== undefined || (path.includes("{") && literal.has(`${method} ${candidate}`));
      const derived = deriveOperation(served, { path, method, item, operation, base: pathBaseOf(item) ?? base, rateLimited: options.rateLimited, taken });
      if (typeof derived === "string") {
        leftOut.push(`${method.toUpperCase()} ${path}: ${derived}`);
        continue;
      }
      paths[derived.path] = { ...paths[derived.path], [method]: derived.operation };
      Object.assign(plan, derived.plan);
    }
  }
  if (!options.rateLimited) leftOut.push("every 429 answer: no rate-limited key was given");
  const info = isRecord(served.info) ? served.info : {};
  const document = { openapi: "3.0.3", info: { title: String(info.title ?? "API"), version: String(info.version ?? "0") }, paths };
  return { document, plan, leftOut };
}

interface OperationInput {
  readonly path: string;
  readonly method: string;
  readonly item: Record<string, unknown>;
  readonly operation: Record<string, unknown>;
  readonly base: string;
  readonly rateLimited: boolean;
  /** Whether another operation has, or will have, this method at this path. */
  readonly taken: (path: string) => boolean;
}

/** One operation as Dredd gets it, or why it is left out. */
function deriveOperation(served: Document, input: OperationInput): { path: string; operation: Record<string, unknown>; plan: Record<string, PlanEntry> } | string {
  const { path, method, operation } = input;
  const access: Access = accessOf(served, operation);
  if (access === "session") return "needs a signed-in session (the default engine signs up accounts for it)";
  if (access === "other") return "needs credentials this engine does not send";
  if (access === "public" && method !== "get") return unkeyedWriteReason(path);
  const concrete = fillPath(served, path, input.item, operation);
  if (typeof concrete !== "string") return concrete.problem;
  const body = requestBodyOf(served, operation);
  if (body === null) return "its request body has no example";
  const statuses = answersOf(operation, access, input.rateLimited);
  if (statuses.length === 0) return "it documents no success answer";
  const fullPath = distinct(`${input.base}${concrete}`, operation, input.taken);
  const plan: Record<string, PlanEntry> = {};
  const responses: Record<string, unknown> = {};
  for (const { status, credentials } of statuses) {
    const expected = expectationOf(served, path, method, status);
    const headers = (expected?.headers ?? []).filter((header) => header.required).map((header) => header.name);
    plan[planKey(method, fullPath, status)] = { credentials, bodySchema: forGavel(expected?.bodySchema ?? {}), headers };
    responses[String(status)] = { description: `${status}`, content: { "application/json": {} } };
  }
  const derived = {
    summary: typeof operation.summary === "string" ? operation.summary : `${method.toUpperCase()} ${path}`,
    ...(body === undefined ? {} : { requestBody: { content: { "application/json": { example: body } } } }),
    responses,
  };
  return { path: fullPath, operation: derived, plan };
}

/** Why an unkeyed write is left to the default engine, in its own words for the two the contract names. */
function unkeyedWriteReason(path: string): string {
  if (path.endsWith("/sign-up")) return "an unkeyed write: each run would create an account, and sign-ups are limited per client address (the default engine checks it with throwaway accounts)";
  if (path.endsWith("/sign-in")) return "an unkeyed write: it needs an existing account's email and password, and failed sign-ins are throttled per address and per account (the default engine checks it with the accounts it signs up)";
  return "an unkeyed write: what it changes this engine can neither set up nor undo, and such writes are limited per client address";
}

/**
 * A filled template can land on a path the document also lists as it is (`/execute/{tool}` with its example
 * `hash-text` is `/execute/hash-text`): the template's gets `?operation=<operationId>`, which the server ignores, so
 * Dredd runs both and the plan tells them apart.
 */
function distinct(path: string, operation: Record<string, unknown>, taken: (path: string) => boolean): string {
  if (!taken(path)) return path;
  const id = typeof operation.operationId === "string" ? operation.operationId : "2";
  return `${path}?operation=${encodeURIComponent(id)}`;
}

/** The answers one request can provoke here, with the credentials each needs. */
function answersOf(operation: Record<string, unknown>, access: Access, rateLimited: boolean): { status: number; credentials: Credentials }[] {
  const listed = isRecord(operation.responses) ? Object.keys(operation.responses).map(Number).filter(Number.isInteger) : [];
  const success = listed.filter((status) => status >= 200 && status < 300).sort((a, b) => a - b)[0];
  if (success === undefined) return [];
  const answers = [{ status: success, credentials: (access === "key" ? "key" : "none") as Credentials }];
  if (access === "key" && listed.includes(401)) answers.push({ status: 401, credentials: "none" });
  if (access === "key" && rateLimited && listed.includes(429)) answers.push({ status: 429, credentials: "limited" });
  return answers;
}

/** The first JSON example of the request body; undefined without a body, null when there is one but no example. */
function requestBodyOf(served: Document, operation: Record<string, unknown>): unknown {
  if (!isRecord(operation.requestBody)) return undefined;
  const body = typeof operation.requestBody.$ref === "string" ? resolvePointer(served, operation.requestBody.$ref) : operation.requestBody;
  const media = isRecord(body.content) ? body.content["application/json"] : undefined;
  if (!isRecord(media)) return null;
  return exampleOf(served, media) ?? null;
}

/** The base path a path item's own `servers` names (OAuth's routes live at the root), or undefined. */
function pathBaseOf(item: Record<string, unknown>): string | undefined {
  const server = Array.isArray(item.servers) && isRecord(item.servers[0]) ? item.servers[0].url : undefined;
  if (typeof server !== "string" || server.includes("{")) return undefined;
  return new URL(server, "http://served.invalid").pathname.replace(/\/+$/, "");
}

/** The path the document's first server names (`/api/v1`), which Dredd does not read from `servers`. */
function basePathOf(served: Document): string {
  const server = Array.isArray(served.servers) && isRecord(served.servers[0]) ? served.servers[0].url : undefined;
  if (typeof server !== "string" || server.includes("{")) return "/api/v1";
  return new URL(server, "http://served.invalid").pathname.replace(/\/+$/, "");
}
