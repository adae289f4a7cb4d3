import type { AnyTool } from "../domain/tool.ts";
import type { Document } from "./expectations.ts";
import { type Report } from "./report.ts";
export type { Report } from "./report.ts";
/** What to test and how. Without `baseUrl` the suite boots its own server on 127.0.0.1:0. */
export interface ConformanceOptions {
    readonly baseUrl?: string;
    readonly apiKey?: string;
    readonly rateLimitedKey?: string;
    /** Only where the served document does not state its body limit (`x-max-body-bytes`). */
    readonly maxBodyBytes?: number;
    /** Against `baseUrl`: allow the run to sign up two throwaway accounts for the signed-in session cases. */
    readonly signUp?: boolean;
    /** Self-boot only: serve this catalog instead of the real one. */
    readonly serverTools?: readonly AnyTool[];
    /** Seed of the property-based cases (default 1): the same seed sends the same inputs. */
    readonly seed?: number;
    /** At most this many property-based cases (default 300; 0 for none). */
    readonly maxCases?: number;
    /** Seconds the property-based part may take (default 30); cases left over are reported as skipped. */
    readonly timeBudgetSeconds?: number;
    /** Fail when the served document differs from this checkout's. */
    readonly expectLocal?: boolean;
    /** Write JUnit XML to `junitFile`. */
    readonly junitFile?: string;
    /** Stop at the first failing transaction. */
    readonly bail?: boolean;
    /** Also print passing transactions. */
    readonly verbose?: boolean;
    /** Where report lines go; console.log by default. */
    readonly log?: (line: string) => void;
}
export declare const DEFAULTS: {
    readonly seed: 1;
    readonly maxCases: 300;
    readonly timeBudgetSeconds: 30;
    readonly maxBodyBytes: 1048576;
};
/** Runs the suite and resolves with the report; `failed` is 0 only when every case passed. */
export declare function runConformance(options?: ConformanceOptions): Promise<Report>;
export type { Document };
