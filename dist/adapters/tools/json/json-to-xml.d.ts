/** Keys starting with `attributePrefix` become attributes, `#text` is element text, arrays repeat their element. */
export declare const jsonToXml: import("../../../domain/tool.ts").ToolDefinition<{
    json: string;
    attributePrefix: string;
    indent: number;
}, {
    xml: string;
}>;
