/** A string without an offset is read as UTC so the answer never depends on the server's zone. */
export declare const dateDiff: import("../../../domain/tool.ts").ToolDefinition<{
    start: string;
    end: string;
}, {
    milliseconds: number;
    totalSeconds: number;
    totalDays: number;
    breakdown: {
        years: number;
        months: number;
        days: number;
        hours: number;
        minutes: number;
        seconds: number;
    };
    iso8601Duration: string;
}>;
