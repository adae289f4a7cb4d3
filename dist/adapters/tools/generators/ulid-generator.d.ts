interface UlidInput {
    count: number;
    timestamp?: number;
    seed?: number;
    monotonic: boolean;
}
/** Monotonic mode increments the random part within one millisecond, as the ULID spec's monotonicity section says. */
export declare const ulidGenerator: import("../../../domain/tool.ts").ToolDefinition<UlidInput, {
    ulids: string[];
}>;
export {};
