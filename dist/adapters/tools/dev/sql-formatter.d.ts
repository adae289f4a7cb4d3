/** Formats only: the SQL is tokenised and re-laid out, never executed. */
export declare const sqlFormatter: import("../../../domain/tool.ts").ToolDefinition<{
    sql: string;
    language: string;
    keywordCase: string;
    tabWidth: number;
}, {
    formatted: string;
}>;
