import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.ts";
import { resolvePointer, toJsonSchema } from "../adapters/http/openapi/openapi-to-json-schema.ts";

/** An OpenAPI 3.0 document as served: plain JSON data. */
export type Document = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/** Which credentials a case sends. */
export type Auth = "key" | "bearer" | "none" | "malformed" | "unknown" | "limited" | "session" | "session-no-csrf" | "second-session";

/** A response header the document lists: whether it must be present, and the draft-07 schema of its value. */
export interface HeaderExpectation {
  readonly name: string;
  readonly required: boolean;
  readonly schema: Record<string, unknown>;
}

/** What a documented answer must look like: its headers and the draft-07 schema of its JSON body. */
export interface Expectation {
  readonly status: number;
  readonly headers: readonly HeaderExpectation[];
  readonly bodySchema: Record<string, unknown>;
}

/** One transaction: a request, and the answers that would keep the document's promise. */
export interface ConformanceCase extends Expectation {
  readonly id: string;
  readonly title: string;
  readonly method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Concrete path under /api/v1. */
  readonly path: string;
  /** The templated path of the operation in the document. */
  readonly docPath: string;
  readonly auth: Auth;
  readonly body?: { readonly type: string; readonly value: unknown };
  /** Every status the document lists for the operation: any other answer is undocumented. */
  readonly documented: readonly number[];
  /** Other answers that also pass (property cases: a documented refusal, any documented 4xx). */
  readonly alternatives?: readonly Expectation[];
  /** Why this case cannot run against the target; reported as skipped. */
  readonly skip?: string;
}

/** The operation object of `method path`, if the document has it. */
export function operationOf(document: Document, path: string, method: string): Record<string, unknown> | undefined {
  const operation = document.paths[path]?.[method.toLowerCase()];
  return isRecord(operation) ? operation : undefined;
}

/** The statuses the document lists for an operation. */
export function documentedStatuses(document: Document, path: string, method: string): number[] {
  const responses = operationOf(document, path, method)?.responses;
  return isRecord(responses) ? Object.keys(responses).map(Number).filter(Number.isInteger) : [];
}

/**
 * What the document promises for `method path → status`: the header names and the body schema. Undefined when it
 * does not list that status, so an answer with it can only be an undocumented one.
 */
export function expectationOf(document: Document, path: string, method: string, status: number): Expectation | undefined {
  const responses = operationOf(document, path, method)?.responses;
  const listed = isRecord(responses) ? responses[String(status)] : undefined;
  if (!isRecord(listed)) return undefined;
  const response = typeof listed.$ref === "string" ? resolvePointer(document, listed.$ref) : listed;
  const headers = Object.entries(isRecord(response.headers) ? response.headers : {}).map(([name, raw]) => {
    const header = isRecord(raw) && typeof raw.$ref === "string" ? resolvePointer(document, raw.$ref) : raw;
    return { name, required: isRecord(header) && header.required === true, schema: isRecord(header) ? toJsonSchema(header.schema, document) : {} };
  });
  const content = isRecord(response.content) ? response.content["application/json"] : undefined;
  const bodySchema = isRecord(content) ? toJsonSchema(content.schema, document) : {};
  return { status, headers, bodySchema };
}

/** `schema`, plus an exact value where one is known (an error_code, a tool's example output). */
export function pinned(schema: Record<string, unknown>, pin?: { errorCode?: string; output?: unknown }): Record<string, unknown> {
  const parts: Record<string, unknown>[] = [schema];
  if (pin?.errorCode) parts.push({ properties: { error_code: { enum: [pin.errorCode] } } });
  if (pin && pin.output !== undefined) parts.push({ properties: { data: { properties: { output: { enum: [pin.output] } } } } });
  return parts.length === 1 ? schema : { allOf: parts };
}

export type CaseSpec = Omit<ConformanceCase, "headers" | "bodySchema" | "documented"> & { errorCode?: string; output?: unknown };

/**
 * A case for `method docPath → status` at `path`, with the document's expectations. An operation the document
 * lacks is skipped (drift reports it); a status it lacks stays a case that no answer can pass.
 */
export function caseFor(document: Document, spec: CaseSpec): ConformanceCase {
  const { errorCode, output, ...rest } = spec;
  const documented = documentedStatuses(document, spec.docPath, spec.method);
  if (documented.length === 0) return { ...rest, documented, headers: [], bodySchema: {}, skip: rest.skip ?? `the served document has no ${spec.method} ${spec.docPath}` };
  const expected = expectationOf(document, spec.docPath, spec.method, spec.status);
  const headers = expected?.headers ?? [];
  return { ...rest, documented, headers, bodySchema: pinned(expected?.bodySchema ?? {}, { errorCode, output }) };
}
