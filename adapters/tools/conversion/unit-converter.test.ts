import { describe, expect, it } from "vitest";
import { unitConverter } from "./unit-converter.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("unit-converter", () => {
  it("refuses incompatible dimensions on the target field", async () => {
    const error = await errorOf(unitConverter, { value: 1, from: "m", to: "kg" });
    expect(error.code === "invalid_input" && error.details[0]?.path).toBe("/input/to");
  });

  it("refuses unknown units", async () => {
    const error = await errorOf(unitConverter, { value: 1, from: "parsec-ish", to: "m" });
    expect(error.code === "invalid_input" && error.details[0]?.path).toBe("/input/from");
  });

  it("refuses unit strings carrying a number", async () => {
    expect((await errorOf(unitConverter, { value: 1, from: "5 m", to: "km" })).message).toMatch(/without a number/);
    expect((await errorOf(unitConverter, { value: 1, from: "m", to: "2 km" })).code).toBe("invalid_input");
  });

  it("never evaluates expressions given as units", async () => {
    for (const from of ["cos(1)", "import({}, {override: true})", "evaluate('1')", "1 + 1", 'createUnit("x")']) {
      expect((await errorOf(unitConverter, { value: 1, from, to: "m" })).code).toBe("invalid_input");
    }
  });

  it("converts compound units", async () => {
    expect((await outputOf(unitConverter, { value: 36, from: "km/h", to: "m/s" })).result).toBe(10);
    expect((await outputOf(unitConverter, { value: 1, from: "KiB", to: "B" })).result).toBe(1024);
  });

  it("refuses results that overflow", async () => {
    expect((await errorOf(unitConverter, { value: 1e308, from: "km", to: "mm" })).code).toBe("invalid_input");
  });
});
