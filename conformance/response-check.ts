import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import * as formatsModule from "ajv-formats";
import { messageOf, relevantErrors } from "../adapters/tools/ajv-messages.ts";
import { excerpt } from "../domain/excerpt.ts";
import type { ConformanceCase, Expectation } from "./expectations.ts";
import { linearRegExp } from "./linear-regexp.ts";

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((formatsModule as any).default ?? formatsModule) as (ajv: Ajv) => Ajv;

/**
 * Not strict: a deployment's document may carry keywords (title, discriminator …) a validator need not act on.
 * Its patterns run on RE2 (linearRegExp), never on V8's backtracking engine.
 */
const ajv = addFormats(new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: true, code: { regExp: linearRegExp } }));
// Keyed by the schema's text: many cases share one response schema in distinct but equal objects.
const compiled = new Map<string, ValidateFunction>();

function validatorOf(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** Whether `value` satisfies the draft-07 `schema` (formats included). */
export function isValidAgainst(schema: Record<string, unknown>, value: unknown): boolean {
  return validatorOf(schema)(structuredClone(value)) === true;
}

/** An answer as received. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/**
 * What is wrong with `answer` for `testCase`: empty when it keeps the document's promise. The status must be the
 * expected one (or an allowed alternative) and listed by the document; the listed headers must be present; a JSON
 * body must satisfy the documented schema; an envelope's `code` must repeat the HTTP status; never a 5xx.
 */
export function problemsOf(testCase: ConformanceCase, answer: Answer): string[] {
  const problems: string[] = [];
  if (!testCase.documented.includes(answer.status)) {
    problems.push(`undocumented status ${answer.status}: the document lists ${testCase.documented.join(", ")} for ${testCase.method} ${testCase.docPath}`);
  }
  const expectations = [testCase, ...(testCase.alternatives ?? [])];
  const expected = expectations.find((candidate) => candidate.status === answer.status);
  if (!expected) {
    problems.push(`status: expected ${expectations.map((candidate) => candidate.status).join(" or ")}, got ${answer.status}`);
    return problems;
  }
  if (answer.status >= 500 && !expectations.some((candidate) => candidate.status >= 500)) problems.push(`server error ${answer.status}`);
  problems.push(...headerProblems(expected, answer));
  problems.push(...bodyProblems(expected, answer, subjectOf(testCase, answer.status)));
  return problems;
}

/** Required headers must be present; every listed header that is present must match its schema. */
function headerProblems(expected: Expectation, answer: Answer): string[] {
  const missing = expected.headers.filter((header) => header.required && !answer.headers.has(header.name)).map((header) => header.name);
  const problems = missing.length > 0 ? [`missing header${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`] : [];
  for (const header of expected.headers) {
    const raw = answer.headers.get(header.name);
    if (raw === null || Object.keys(header.schema).length === 0) continue;
    // Header values are text; a numeric schema means the text must be a number that fits it.
    const numeric = header.schema.type === "integer" || header.schema.type === "number";
    const value = numeric && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw;
    if (!validatorOf(header.schema)(value)) problems.push(`header ${header.name}: ${JSON.stringify(raw)} does not match its documented schema`);
  }
  return problems;
}

/** What a body problem is about: the tool for an execute operation (a property case's is a tool's), else the operation. */
function subjectOf(testCase: ConformanceCase, status: number): string {
  const tool = /^\/(?:execute\/([^/?]+)|tools\/([^/?]+)\/execute)(?:\?|$)/.exec(testCase.path);
  const id = tool?.[1] ?? tool?.[2];
  return id ? `tool ${decodeURIComponent(id)}'s ${status} answer (${testCase.method} ${testCase.docPath})` : `${testCase.method} ${testCase.docPath} → ${status}`;
}

function bodyProblems(expected: Expectation, answer: Answer, subject: string): string[] {
  const isJson = /^application\/(.+\+)?json\b/i.test(answer.headers.get("content-type") ?? "");
  if (Object.keys(expected.bodySchema).length === 0) return [];
  if (!isJson) return [`content-type: expected application/json, got ${answer.headers.get("content-type") ?? "none"}`];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return ["body: not JSON"];
  }
  const problems: string[] = [];
  const code = (body as { code?: unknown } | null)?.code;
  if (typeof code === "number" && code !== answer.status) problems.push(`envelope code ${code} differs from the HTTP status ${answer.status}`);
  const validate = validatorOf(expected.bodySchema);
  if (!validate(body)) {
    const errors = relevantErrors(validate.errors ?? []).slice(0, 5).map((error) => describeError(error, body));
    problems.push(`body does not match the documented schema of ${subject}: ${errors.join("; ")}`);
  }
  return problems;
}

/**
 * One schema error as the report says it: where, what the schema allows (ajv's own text names no allowed value),
 * and for a value outside an enum or const the value that came.
 */
function describeError(error: ErrorObject, body: unknown): string {
  const extra = "additionalProperty" in error.params ? ` (${String(error.params.additionalProperty)})` : "";
  const got = error.keyword === "enum" || error.keyword === "const" ? `, got ${excerpt(JSON.stringify(valueAt(body, error.instancePath)) ?? "nothing", 80)}` : "";
  return `${error.instancePath || "/"} ${messageOf(error)}${extra}${got}`;
}

/** The member of `value` at a JSON Pointer (ajv's instancePath); undefined where there is none. */
function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
