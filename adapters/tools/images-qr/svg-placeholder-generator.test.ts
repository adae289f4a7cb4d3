import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { svgPlaceholderGenerator } from "./svg-placeholder-generator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("svg-placeholder-generator", () => {
  it("escapes a hostile label and font family into well-formed SVG", async () => {
    const hostile = '</text><script>alert(1)</script><text a="';
    const { svg, dataUri } = await outputOf(svgPlaceholderGenerator, { width: 10, height: 10, text: hostile, fontFamily: `x" onload="alert(1)` });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("<script");
    expect(svg).not.toMatch(/"\s*onload=/);
    expect(Buffer.from(dataUri.split(",")[1], "base64").toString()).toBe(svg);
  });

  it.each(['red" onload="alert(1)', "url(#x)", "expression(alert(1))", "#12"])("refuses the colour %s with invalid_input", async (color) => {
    expect(await refusalOf(svgPlaceholderGenerator, { width: 10, height: 10, backgroundColor: color })).toBe("tool");
    expect(await refusalOf(svgPlaceholderGenerator, { width: 10, height: 10, textColor: color })).toBe("tool");
  });

  it("writes colours only as hex, whatever CSS form they came in", async () => {
    const { svg } = await outputOf(svgPlaceholderGenerator, { width: 8, height: 8, backgroundColor: "rgb(255 0 0 / 50%)", textColor: "White" });
    expect(svg).toContain('fill="#ff000080"');
    expect(svg).toContain('fill="#ffffff"');
  });

  it("fills {w} and {h} in a custom label and never goes below a 10px font by default", async () => {
    const { svg } = await outputOf(svgPlaceholderGenerator, { width: 20, height: 4096, text: "{w} by {h}" });
    expect(svg).toContain('font-size="10"');
    expect(svg).toContain(">20 by 4096</text>");
  });
});
