/**
 * toSVG is pure JS (no canvas). The label is drawn as glyph outlines, so the caller's text never appears as markup.
 * Examples carry no expected SVG; barcode-generator.test.ts checks the bars against the GS1 EAN/UPC tables.
 */
export declare const barcodeGenerator: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    type: string;
    scale: number;
    height: number;
    includeText: boolean;
}, {
    svg: string;
}>;
