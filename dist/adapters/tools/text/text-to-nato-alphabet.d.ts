export declare const textToNatoAlphabet: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
}, {
    nato: string;
}>;
