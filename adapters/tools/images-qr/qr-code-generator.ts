import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { HEX_COLOR_PATTERN, renderQr } from "./render-qr.ts";
import type { QrOptions } from "./render-qr.ts";

type Input = QrOptions & { text: string };

/**
 * Deterministic: the same input gives byte-identical SVG/PNG. Examples carry no expected image (it cannot be derived
 * independently); qr-code-generator.test.ts decodes the modules and compares them with published codewords.
 */
export const qrCodeGenerator = defineTool({
  id: "qr-code-generator",
  name: "QR Code Generator",
  category: "images/qr",
  worker: true,
  description: "Encode a text as a QR code, as SVG or PNG, with a chosen error correction level, margin and colours.",
  input: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: {
      text: { type: "string", minLength: 1, maxLength: 2048, "x-tool-checks": "fits a QR code at the chosen level" },
      errorCorrectionLevel: { type: "string", enum: ["L", "M", "Q", "H"], default: "M" },
      format: { type: "string", enum: ["svg", "png"], default: "svg" },
      margin: { type: "integer", minimum: 0, maximum: 16, default: 4 },
      scale: { type: "integer", minimum: 1, maximum: 20, default: 4, "x-tool-checks": "an image within the size cap" },
      darkColor: { type: "string", pattern: HEX_COLOR_PATTERN, default: "#000000" },
      lightColor: { type: "string", pattern: HEX_COLOR_PATTERN, default: "#ffffff" },
    },
  },
  output: {
    type: "object",
    required: ["format", "version", "size"],
    additionalProperties: false,
    properties: {
      format: { type: "string", enum: ["svg", "png"] },
      version: { type: "integer", minimum: 1, maximum: 40 },
      size: { type: "integer", minimum: 21, maximum: 177 },
      svg: { type: "string" },
      pngBase64: { type: "string", contentEncoding: "base64" },
    },
  },
  examples: [
    {
      title: "A URL as SVG",
      source: "shape only; the module layout is checked against ISO/IEC 18004 codewords in qr-code-generator.test.ts",
      input: { text: "https://example.com", errorCorrectionLevel: "M", format: "svg", margin: 4, scale: 4, darkColor: "#000000", lightColor: "#ffffff" },
    },
    {
      title: "HELLO WORLD at level Q as PNG",
      source: "shape only; version 1 (21×21) per the thonky.com QR tutorial's 1-Q worked example",
      input: { text: "HELLO WORLD", errorCorrectionLevel: "Q", format: "png", margin: 2, scale: 8, darkColor: "#1a1a1a", lightColor: "#ffffff" },
    },
  ],
  run: async ({ text, ...options }: Input) => {
    const rendered = await renderQr(text, options);
    if (!rendered.ok) return rendered;
    const { version, size, image } = rendered.value;
    return ok({ format: options.format, version, size, ...image });
  },
});
