/** The header is every key in order of first appearance; a missing key or null is an empty cell. */
export declare const jsonToCsv: import("../../../domain/tool.ts").ToolDefinition<{
    json: string;
    delimiter: string;
    newline: string;
    escapeFormulae: boolean;
}, {
    csv: string;
}>;
