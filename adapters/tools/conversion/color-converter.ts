import { colord, extend, type Colord } from "colord";
import cmykPlugin from "colord/plugins/cmyk";
import hwbPlugin from "colord/plugins/hwb";
import labPlugin from "colord/plugins/lab";
import lchPlugin from "colord/plugins/lch";
import namesPlugin from "colord/plugins/names";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

extend([namesPlugin, cmykPlugin, hwbPlugin, labPlugin, lchPlugin]);

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
// colord's lab plugin reads only {l, a, b} objects, so CSS lab() strings are parsed here.
const LAB_PATTERN = new RegExp(String.raw`^lab\(\s*(${NUMBER})%?\s+(${NUMBER})\s+(${NUMBER})\s*(?:\/\s*(${NUMBER})(%?)\s*)?\)$`, "i");

/** LCH/Lab use the D50 white point (CSS Color 4); channel values are rounded as colord prints them. */
export const colorConverter = defineTool({
  id: "color-converter",
  name: "Color Converter",
  category: "conversion",
  description: "Parse a CSS colour and print it as hex, rgb, hsl, hwb, cmyk and lch.",
  input: {
    type: "object",
    required: ["color"],
    additionalProperties: false,
    properties: { color: { type: "string", minLength: 1, maxLength: 128, "x-tool-checks": "a CSS colour (hex, rgb(), hsl(), a name…)" } },
  },
  output: {
    type: "object",
    required: ["hex", "rgb", "hsl", "hwb", "cmyk", "lch", "name", "alpha"],
    additionalProperties: false,
    properties: {
      hex: { type: "string", pattern: "^#[0-9a-f]{6}([0-9a-f]{2})?$" },
      rgb: { type: "string" },
      hsl: { type: "string" },
      hwb: { type: "string" },
      cmyk: { type: "string" },
      lch: { type: "string" },
      name: { type: ["string", "null"] },
      alpha: { type: "number", minimum: 0, maximum: 1 },
    },
  },
  examples: [
    {
      title: "rebeccapurple",
      source: "CSS Color 4 named colours (#663399, hsl(270 50% 40%)); hwb/cmyk from min/max channels; LCH by python3 (sRGB → XYZ D65 → Bradford D50 → CIE Lab)",
      input: { color: "rebeccapurple" },
      output: {
        hex: "#663399",
        rgb: "rgb(102, 51, 153)",
        hsl: "hsl(270, 50%, 40%)",
        hwb: "hwb(270 20% 40%)",
        cmyk: "device-cmyk(33% 67% 0% 40%)",
        lch: "lch(32.39% 61.25 308.86)",
        name: "rebeccapurple",
        alpha: 1,
      },
    },
    {
      title: "Half-transparent red from #rrggbbaa",
      source: "CSS Color 4 §5.2 (#rrggbbaa, 0x80/255 ≈ 0.5); LCH of sRGB red by python3 as above",
      input: { color: "#ff000080" },
      output: {
        hex: "#ff000080",
        rgb: "rgba(255, 0, 0, 0.5)",
        hsl: "hsla(0, 100%, 50%, 0.5)",
        hwb: "hwb(0 0% 0% / 0.5)",
        cmyk: "device-cmyk(0% 100% 100% 0% / 0.5)",
        lch: "lch(54.29% 106.84 40.85 / 0.5)",
        name: null,
        alpha: 0.5,
      },
    },
  ],
  run: ({ color }: { color: string }) => {
    const parsed = parseColor(color.trim());
    if (!parsed.isValid()) return err(invalidField("color", `'${color}' is not a CSS colour this tool understands.`));
    return ok({
      hex: parsed.toHex(),
      rgb: parsed.toRgbString(),
      hsl: parsed.toHslString(),
      hwb: parsed.toHwbString(),
      cmyk: parsed.toCmykString(),
      lch: parsed.toLchString(),
      name: parsed.toName() ?? null,
      alpha: parsed.alpha(),
    });
  },
});

function parseColor(color: string): Colord {
  const lab = LAB_PATTERN.exec(color);
  if (!lab) return colord(color);
  const [, l, a, b, alpha, percent] = lab;
  const opacity = alpha === undefined ? 1 : Number(alpha) / (percent ? 100 : 1);
  return colord({ l: Number(l), a: Number(a), b: Number(b), alpha: opacity });
}
