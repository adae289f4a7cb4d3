/** Phrases are Node's table (RFC 9110 plus common registered extensions); the class follows from the first digit. */
export declare const httpStatusCode: import("../../../domain/tool.ts").ToolDefinition<{
    code: number;
}, {
    code: number;
    reasonPhrase: string;
    category: string;
    known: boolean;
} | {
    code: number;
    reasonPhrase: null;
    category: string;
    known: boolean;
}>;
