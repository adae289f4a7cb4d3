/** Same caveats as json-formatter: integers beyond 2^53 lose precision and the last duplicate key wins. */
export declare const jsonMinify: import("../../../domain/tool.ts").ToolDefinition<{
    json: string;
}, {
    minified: string;
}>;
