/** YAML 1.2 core schema: `yes`, `on` and dates stay strings; duplicate keys and alias bombs are refused. */
export declare const yamlToJson: import("../../../domain/tool.ts").ToolDefinition<{
    yaml: string;
    indent: number;
}, {
    json: string;
}>;
