import { describe, expect, it } from "vitest";
import { colorConverter } from "./color-converter.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("color-converter", () => {
  it.each([
    ["#f00", "#ff0000"],
    ["RED", "#ff0000"],
    ["rgb(255 0 0 / 50%)", "#ff000080"],
    ["hsl(270, 50%, 40%)", "#663399"],
    ["hwb(270 20% 40%)", "#663399"],
    ["device-cmyk(0% 100% 100% 0%)", "#ff0000"],
    ["lab(54.29% 80.81 69.89)", "#ff0000"],
    ["lab(32.39 38.43 -47.69 / 0.5)", "#66339980"],
    ["lch(32.39% 61.25 308.86)", "#663399"],
  ])("reads %s", async (color, hex) => {
    expect((await outputOf(colorConverter, { color })).hex).toBe(hex);
  });

  it("names only exact CSS colours", async () => {
    expect((await outputOf(colorConverter, { color: "#663398" })).name).toBeNull();
    expect((await outputOf(colorConverter, { color: "transparent" })).name).toBe("transparent");
  });

  it("refuses strings that are not colours", async () => {
    for (const color of ["nope", "#12345", "rgb(1,2)", "lab(1 2)", "url(javascript:alert(1))"]) {
      expect((await errorOf(colorConverter, { color })).code).toBe("invalid_input");
    }
  });

  it("parses a long lab() lookalike quickly", async () => {
    await errorOf(colorConverter, { color: `lab(${"1".repeat(40)} ${"1".repeat(40)} ${"1".repeat(40)}x` });
  });
});
