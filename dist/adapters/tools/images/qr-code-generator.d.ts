/**
 * Deterministic: the same input gives byte-identical SVG/PNG. Examples carry no expected image (it cannot be derived
 * independently); qr-code-generator.test.ts decodes the modules and compares them with published codewords.
 */
export declare const qrCodeGenerator: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    errorCorrectionLevel: string;
    format: string;
    margin: number;
    scale: number;
    darkColor: string;
    lightColor: string;
}, {
    svg: string;
    format: import("./render-qr.ts").QrFormat;
    version: number;
    size: number;
} | {
    pngBase64: string;
    format: import("./render-qr.ts").QrFormat;
    version: number;
    size: number;
}>;
