import type { AnyTool } from "../domain/tool.ts";
/** What to test. Without `baseUrl` the suite boots its own server on 127.0.0.1:0. */
export interface ConformanceOptions {
    readonly baseUrl?: string;
    readonly apiKey?: string;
    readonly rateLimitedKey?: string;
    /** The target's MAX_BODY_BYTES (default 1048576); the 413 case sends one byte more. */
    readonly maxBodyBytes?: number;
    /** Against `baseUrl`: allow the run to sign up two throwaway accounts for the signed-in session cases. */
    readonly signUp?: boolean;
    /** Self-boot only: serve this catalog instead of the real one (the expectations still come from the real one). */
    readonly serverTools?: readonly AnyTool[];
    /** Also print passing transactions. */
    readonly verbose?: boolean;
    /** Where report lines go; console.log by default. */
    readonly log?: (line: string) => void;
}
export interface ConformanceResult {
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    readonly total: number;
    readonly failures: readonly {
        readonly title: string;
        readonly message: string;
    }[];
}
/** Runs the Dredd contract suite; resolves with the counts (failed > 0 when any transaction failed or errored). */
export declare function runConformance(options?: ConformanceOptions): Promise<ConformanceResult>;
