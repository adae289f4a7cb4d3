import type { ConformanceCase } from "./expectations.ts";
/** Whether `value` satisfies the draft-07 `schema` (formats included). */
export declare function isValidAgainst(schema: Record<string, unknown>, value: unknown): boolean;
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
export declare function problemsOf(testCase: ConformanceCase, answer: Answer): string[];
