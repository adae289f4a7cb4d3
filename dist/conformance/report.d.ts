/** How one transaction (or one cross-case check) ended. */
export interface CaseResult {
    readonly id: string;
    /** The case family: example, error, property, session, document, invariant. */
    readonly group: string;
    readonly title: string;
    readonly outcome: "pass" | "fail" | "skip";
    /** What the document promised, in one line. */
    readonly expected: string;
    /** What came back, in one line (status and the start of the body). */
    readonly actual: string;
    readonly message: string;
    readonly ms: number;
}
/** The whole run. */
export interface Report {
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    readonly total: number;
    readonly results: readonly CaseResult[];
    readonly failures: readonly CaseResult[];
    /** The drift section's lines. */
    readonly drift: readonly string[];
    readonly seconds: number;
}
/** Replaces every secret in `text`; reports, JUnit files and errors go through it. */
export declare function redactor(secrets: readonly (string | undefined)[]): (text: string) => string;
export declare function summarize(results: readonly CaseResult[], drift: readonly string[], seconds: number): Report;
/** The readable summary: skips and failures, the drift section, then the closing count line. */
export declare function summaryLines(report: Report, verbose: boolean): string[];
