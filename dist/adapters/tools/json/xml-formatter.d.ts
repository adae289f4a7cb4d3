/**
 * xml-formatter repairs some broken input ("<a><b></a>" comes out balanced), so well-formedness is checked first
 * with fast-xml-parser's validator. Elements with mixed content keep their layout. Indent 0 minifies.
 */
export declare const xmlFormatter: import("../../../domain/tool.ts").ToolDefinition<{
    xml: string;
    indent: number;
}, {
    formatted: string;
}>;
