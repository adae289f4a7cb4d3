import type { OpenApiDocument } from "../adapters/http/openapi/build-openapi.ts";
/** Which credentials the hooks send with a transaction. */
export type Auth = "key" | "bearer" | "none" | "malformed" | "unknown" | "limited" | "session" | "session-no-csrf" | "second-session";
/** One Dredd transaction: a request that produces one documented status, and what the answer must be. */
export interface ConformanceCase {
    /** Unique; travels as `?case=<id>` so hooks and reports can find the case (the server ignores the query). */
    readonly id: string;
    readonly title: string;
    readonly method: "GET" | "POST" | "PATCH";
    /** Concrete path under /api/v1. */
    readonly path: string;
    readonly auth: Auth;
    readonly body?: {
        readonly type: string;
        readonly value: unknown;
    };
    readonly status: number;
    /** Response headers that must be present: those the published document lists for this answer. */
    readonly headers: readonly string[];
    /** Draft-07 schema the whole body must satisfy (gavel checks it). */
    readonly bodySchema: Record<string, unknown>;
    /** Why this case cannot run against the target; reported as skipped. */
    readonly skip?: string;
}
/**
 * What the published document promises for `method path → status`: the header names and the body schema.
 * Throws when the document does not list that status, so the suite only ever tests documented answers.
 */
export declare function expectationOf(document: OpenApiDocument, path: string, method: string, status: number): {
    headers: string[];
    schema: Record<string, unknown>;
};
/** `schema`, plus an exact value where one is known (an error_code, a tool's example output). */
export declare function pinned(schema: Record<string, unknown>, pin?: {
    errorCode?: string;
    output?: unknown;
}): Record<string, unknown>;
/** A case for `method docPath → status` at `path`, with the document's expectations. */
export declare function caseFor(document: OpenApiDocument, spec: Omit<ConformanceCase, "headers" | "bodySchema"> & {
    docPath: string;
    errorCode?: string;
    output?: unknown;
}): ConformanceCase;
