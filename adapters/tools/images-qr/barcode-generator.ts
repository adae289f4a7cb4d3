import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type BwipJs = typeof import("bwip-js");
type BarcodeType = "code128" | "code39" | "ean13" | "ean8" | "upca" | "itf14" | "datamatrix" | "pdf417";
type Input = { text: string; type: BarcodeType; scale: number; height: number; includeText: boolean };

const TWO_DIMENSIONAL = new Set<BarcodeType>(["datamatrix", "pdf417"]);

let bwip: Promise<BwipJs> | undefined;

/** bwip-js is about 13 MB of encoders and fonts, so it loads on first use. */
const loadBwip = (): Promise<BwipJs> => (bwip ??= import("bwip-js"));

/** Bar height (mm) and the human-readable line apply to linear symbols only; 2-D symbols size themselves. */
function toOptions({ text, type, scale, height, includeText }: Input) {
  if (TWO_DIMENSIONAL.has(type)) return { bcid: type, text, scale };
  return { bcid: type, text, scale, height, includetext: includeText, textxalign: "center" as const };
}

/**
 * toSVG is pure JS (no canvas). The label is drawn as glyph outlines, so the caller's text never appears as markup.
 * Examples carry no expected SVG; barcode-generator.test.ts checks the bars against the GS1 EAN/UPC tables.
 */
export const barcodeGenerator = defineTool({
  id: "barcode-generator",
  name: "Barcode Generator",
  category: "images/qr",
  worker: true,
  description: "1-D or 2-D barcode as SVG: Code 128, Code 39, EAN-13, EAN-8, UPC-A, ITF-14, Data Matrix or PDF417.",
  input: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: {
      text: { type: "string", minLength: 1, maxLength: 256, "x-tool-checks": "characters, length and check digit the chosen type allows" },
      type: { type: "string", enum: ["code128", "code39", "ean13", "ean8", "upca", "itf14", "datamatrix", "pdf417"], default: "code128" },
      scale: { type: "integer", minimum: 1, maximum: 10, default: 2 },
      height: { type: "integer", minimum: 1, maximum: 100, default: 10 },
      includeText: { type: "boolean", default: true },
    },
  },
  output: {
    type: "object",
    required: ["svg"],
    additionalProperties: false,
    properties: { svg: { type: "string", pattern: "^<svg " } },
  },
  examples: [
    {
      title: "Code 128",
      source: "shape only (bwip-js rendering)",
      input: { text: "Hello, World", type: "code128", scale: 2, height: 10, includeText: true },
    },
    {
      title: "EAN-13 with a valid check digit",
      source: "shape only; 5901234123457 is the Wikipedia EAN-13 example, its bars are checked against the GS1 tables in the test",
      input: { text: "5901234123457", type: "ean13", scale: 2, height: 10, includeText: true },
    },
    {
      title: "Data Matrix",
      source: "shape only (bwip-js rendering)",
      input: { text: "https://example.com", type: "datamatrix", scale: 3, height: 10, includeText: false },
    },
  ],
  run: async (input: Input) => {
    const { toSVG } = await loadBwip();
    try {
      return ok({ svg: toSVG(toOptions(input)) });
    } catch (error) {
      // bwip-js prefixes its messages with an internal id ("bwipp.ean13badCheckDigit#6915: ").
      const message = String((error as Error).message ?? error).replace(/^[\w.-]+#\d+:\s*/, "");
      return err(invalidField("text", message));
    }
  },
});
