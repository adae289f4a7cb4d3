/** An OpenAPI 3.0 document as served: plain JSON data. */
export type Document = Record<string, unknown> & {
    paths: Record<string, Record<string, unknown>>;
};
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
    readonly method: "GET" | "POST" | "PATCH";
    /** Concrete path under /api/v1. */
    readonly path: string;
    /** The templated path of the operation in the document. */
    readonly docPath: string;
    readonly auth: Auth;
    readonly body?: {
        readonly type: string;
        readonly value: unknown;
    };
    /** Every status the document lists for the operation: any other answer is undocumented. */
    readonly documented: readonly number[];
    /** Other answers that also pass (property cases: a documented refusal, any documented 4xx). */
    readonly alternatives?: readonly Expectation[];
    /** Why this case cannot run against the target; reported as skipped. */
    readonly skip?: string;
}
/** The operation object of `method path`, if the document has it. */
export declare function operationOf(document: Document, path: string, method: string): Record<string, unknown> | undefined;
/** The statuses the document lists for an operation. */
export declare function documentedStatuses(document: Document, path: string, method: string): number[];
/**
 * What the document promises for `method path → status`: the header names and the body schema. Undefined when it
 * does not list that status, so an answer with it can only be an undocumented one.
 */
export declare function expectationOf(document: Document, path: string, method: string, status: number): Expectation | undefined;
/** `schema`, plus an exact value where one is known (an error_code, a tool's example output). */
export declare function pinned(schema: Record<string, unknown>, pin?: {
    errorCode?: string;
    output?: unknown;
}): Record<string, unknown>;
export type CaseSpec = Omit<ConformanceCase, "headers" | "bodySchema" | "documented"> & {
    errorCode?: string;
    output?: unknown;
};
/**
 * A case for `method docPath → status` at `path`, with the document's expectations. An operation the document
 * lacks is skipped (drift reports it); a status it lacks stays a case that no answer can pass.
 */
export declare function caseFor(document: Document, spec: CaseSpec): ConformanceCase;
