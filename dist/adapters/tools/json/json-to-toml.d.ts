export declare const jsonToToml: import("../../../domain/tool.ts").ToolDefinition<{
    json: string;
}, {
    toml: string;
}>;
