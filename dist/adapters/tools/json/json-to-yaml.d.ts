export declare const jsonToYaml: import("../../../domain/tool.ts").ToolDefinition<{
    json: string;
    indent: number;
}, {
    yaml: string;
}>;
