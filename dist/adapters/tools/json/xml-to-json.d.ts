export declare const xmlToJson: import("../../../domain/tool.ts").ToolDefinition<{
    xml: string;
    attributePrefix: string;
    indent: number;
}, {
    json: string;
}>;
