interface NanoidInput {
    size: number;
    alphabet: string;
    count: number;
    seed?: number;
}
/** customRandom keeps nanoid's unbiased byte-to-symbol mapping; only the byte source changes with a seed. */
export declare const nanoidGenerator: import("../../../domain/tool.ts").ToolDefinition<NanoidInput, {
    ids: string[];
}>;
export {};
