interface EtaInput {
    totalUnits: number;
    unitsPerPeriod: number;
    periodSeconds: number;
    start?: string;
}
/** Days in the ISO duration are 24-hour days: the end is computed on the UTC time line, not a wall clock. */
export declare const etaCalculator: import("../../../domain/tool.ts").ToolDefinition<EtaInput, {
    durationSeconds: number;
    durationIso8601: string;
    end: string;
}>;
export {};
