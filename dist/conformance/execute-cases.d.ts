import type { ConformanceCase } from "./expectations.ts";
import type { CaseResult } from "./report.ts";
import { type Credentials } from "./transport.ts";
export interface RunControl {
    readonly baseUrl: string;
    readonly credentials: Credentials;
    readonly redact: (text: string) => string;
    /** Stop at the first failure (a mutant needs only one). */
    readonly bail?: boolean;
    /** Epoch ms after which the remaining cases are skipped. */
    readonly deadline?: number;
    /** Bodies of the answers, by case id, for the cross-case checks. */
    readonly bodies: Map<string, string>;
}
/** Runs the cases one after another (their order matters: the session cases end with sign-out). */
export declare function runCases(cases: readonly ConformanceCase[], group: (testCase: ConformanceCase) => string, control: RunControl): Promise<CaseResult[]>;
/**
 * The one 401 for every bad key: the answers to no key, a malformed key and an unknown key on the key-protected
 * routes must be byte-identical bodies, so a client cannot learn why its key was refused.
 */
export declare function identical401(cases: readonly ConformanceCase[], bodies: ReadonlyMap<string, string>): CaseResult;
