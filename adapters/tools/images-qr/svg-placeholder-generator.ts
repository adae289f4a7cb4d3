import { colord, extend } from "colord";
import namesPlugin from "colord/plugins/names";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { escapeHtml } from "../web/escape-html.ts";

extend([namesPlugin]);

type Input = {
  width: number;
  height: number;
  backgroundColor: string;
  textColor: string;
  text?: string;
  fontSize?: number;
  fontFamily: string;
};

/** XSS: a colour reaches the SVG only as colord's hex rendering, never as the caller's text. */
function toHexColor(value: string): string | undefined {
  const color = colord(value);
  return color.isValid() ? color.toHex() : undefined;
}

function toSvg(input: Input, background: string, foreground: string): string {
  const { width, height, fontFamily } = input;
  const text = (input.text ?? "{w}x{h}").replaceAll("{w}", String(width)).replaceAll("{h}", String(height));
  const fontSize = input.fontSize ?? Math.max(10, Math.floor(Math.min(width, height) / 5));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<text x="50%" y="50%" fill="${foreground}" font-family="${escapeHtml(fontFamily)}" font-size="${fontSize}" ` +
    `text-anchor="middle" dominant-baseline="central">${escapeHtml(text)}</text></svg>`
  );
}

const COLOR = (fallback: string) => ({ type: "string", minLength: 1, maxLength: 64, default: fallback });

export const svgPlaceholderGenerator = defineTool({
  id: "svg-placeholder-generator",
  name: "SVG Placeholder Generator",
  category: "images/qr",
  description: "Placeholder image as SVG (and a base64 data URI) with a centred label; {w} and {h} in the label become the size.",
  input: {
    type: "object",
    required: ["width", "height"],
    additionalProperties: false,
    properties: {
      width: { type: "integer", minimum: 1, maximum: 4096 },
      height: { type: "integer", minimum: 1, maximum: 4096 },
      backgroundColor: { ...COLOR("#cccccc"), "x-tool-checks": "a CSS colour" },
      textColor: { ...COLOR("#333333"), "x-tool-checks": "a CSS colour" },
      text: { type: "string", maxLength: 256 },
      fontSize: { type: "integer", minimum: 1, maximum: 4096 },
      fontFamily: { type: "string", minLength: 1, maxLength: 256, default: "sans-serif" },
    },
  },
  output: {
    type: "object",
    required: ["svg", "dataUri"],
    additionalProperties: false,
    properties: { svg: { type: "string" }, dataUri: { type: "string", pattern: "^data:image/svg\\+xml;base64," } },
  },
  examples: [
    {
      title: "Defaults: the size as label",
      source: "python3: the SVG template with html.escape on every value, base64.b64encode for the data URI; font size max(10, 150 // 5)",
      input: { width: 300, height: 150, backgroundColor: "#cccccc", textColor: "#333333", fontFamily: "sans-serif" },
      output: {
        svg:
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150" viewBox="0 0 300 150"><rect width="100%" height="100%" fill="#cccccc"/>' +
          '<text x="50%" y="50%" fill="#333333" font-family="sans-serif" font-size="30" text-anchor="middle" dominant-baseline="central">300x150</text></svg>',
        dataUri:
          "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIzMDAiIGhlaWdodD0iMTUwIiB2aWV3Qm94PSIwIDAgMzAwIDE1MCI+" +
          "PHJlY3Qgd2lkdGg9IjEwMCUiIGhlaWdodD0iMTAwJSIgZmlsbD0iI2NjY2NjYyIvPjx0ZXh0IHg9IjUwJSIgeT0iNTAlIiBmaWxsPSIjMzMzMzMzIiBmb250LWZhbWlseT0ic2Fucy1zZXJpZiIg" +
          "Zm9udC1zaXplPSIzMCIgdGV4dC1hbmNob3I9Im1pZGRsZSIgZG9taW5hbnQtYmFzZWxpbmU9ImNlbnRyYWwiPjMwMHgxNTA8L3RleHQ+PC9zdmc+",
      },
    },
    {
      title: "A named colour, alpha and a label that needs escaping",
      source: "CSS Color 4 named colours (navy = #000080); python3 html.escape and base64.b64encode over the same template",
      input: { width: 640, height: 360, backgroundColor: "navy", textColor: "#ffffffcc", text: 'Tom & "Jerry" <3', fontSize: 48, fontFamily: "Georgia, serif" },
      output: {
        svg:
          '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="100%" height="100%" fill="#000080"/>' +
          '<text x="50%" y="50%" fill="#ffffffcc" font-family="Georgia, serif" font-size="48" text-anchor="middle" dominant-baseline="central">' +
          "Tom &amp; &quot;Jerry&quot; &lt;3</text></svg>",
        dataUri:
          "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI2NDAiIGhlaWdodD0iMzYwIiB2aWV3Qm" +
          "94PSIwIDAgNjQwIDM2MCI+PHJlY3Qgd2lkdGg9IjEwMCUiIGhlaWdodD0iMTAwJSIgZmlsbD0iIzAwMDA4MCIvPjx0ZXh0IHg9IjUwJSIgeT0iNTAlIiBmaW" +
          "xsPSIjZmZmZmZmY2MiIGZvbnQtZmFtaWx5PSJHZW9yZ2lhLCBzZXJpZiIgZm9udC1zaXplPSI0OCIgdGV4dC1hbmNob3I9Im1pZGRsZSIgZG9taW5hbnQtYm" +
          "FzZWxpbmU9ImNlbnRyYWwiPlRvbSAmYW1wOyAmcXVvdDtKZXJyeSZxdW90OyAmbHQ7MzwvdGV4dD48L3N2Zz4=",
      },
    },
  ],
  run: (input: Input) => {
    const background = toHexColor(input.backgroundColor);
    if (!background) return err(invalidField("backgroundColor", "Not a CSS colour (hex, rgb(), hsl() or a colour name)."));
    const foreground = toHexColor(input.textColor);
    if (!foreground) return err(invalidField("textColor", "Not a CSS colour (hex, rgb(), hsl() or a colour name)."));
    const svg = toSvg(input, background, foreground);
    return ok({ svg, dataUri: `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}` });
  },
});
