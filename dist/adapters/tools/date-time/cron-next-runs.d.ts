interface CronNextRunsInput {
    expression: string;
    from?: string;
    count: number;
    timeZone: string;
}
/**
 * Runs are strictly after `from`. Wall times skipped by DST run once at the shifted instant, repeated ones once at
 * the first occurrence. Without `from` the answer depends on the clock (catalog RAND flag).
 */
export declare const cronNextRuns: import("../../../domain/tool.ts").ToolDefinition<CronNextRunsInput, {
    runs: string[];
}>;
export {};
