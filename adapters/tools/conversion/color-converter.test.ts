import { describe, expect, it } from "vitest";
import { runToolError, runToolOk } from "../json/tool-harness.ts";
import { colorConverter } from "./color-converter.ts";

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
    expect((await runToolOk(colorConverter, { color })).hex).toBe(hex);
  });

  it("names only exact CSS colours", async () => {
    expect((await runToolOk(colorConverter, { color: "#663398" })).name).toBeNull();
    expect((await runToolOk(colorConverter, { color: "transparent" })).name).toBe("transparent");
  });

  it("refuses strings that are not colours", async () => {
    for (const color of ["nope", "#12345", "rgb(1,2)", "lab(1 2)", "url(javascript:alert(1))"]) {
      expect((await runToolError(colorConverter, { color })).code).toBe("invalid_input");
    }
  });

  it("parses a long lab() lookalike quickly", async () => {
    const started = performance.now();
    await runToolError(colorConverter, { color: `lab(${"1".repeat(40)} ${"1".repeat(40)} ${"1".repeat(40)}x` });
    expect(performance.now() - started).toBeLessThan(200);
  });
});
