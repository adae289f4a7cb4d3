import { describe, expect, it } from "vitest";
import { temperatureConverter } from "./temperature-converter.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("temperature-converter", () => {
  it("refuses temperatures below absolute zero in every scale, its schema naming that scale's zero", async () => {
    for (const [value, unit, zero] of [[-273.16, "celsius", "-273.15"], [-459.68, "fahrenheit", "-459.67"], [-0.001, "kelvin", "0"], [-1, "rankine", "0"]] as const) {
      expect(await errorOf(temperatureConverter, { value, unit })).toMatchObject({ details: [{ path: "/input/value", message: `must be at least ${zero}` }] });
    }
  });

  it("accepts absolute zero written in Celsius and Fahrenheit", async () => {
    expect((await outputOf(temperatureConverter, { value: -273.15, unit: "celsius" })).kelvin).toBe(0);
    expect((await outputOf(temperatureConverter, { value: -459.67, unit: "fahrenheit" })).kelvin).toBe(0);
  });

  it("never answers negative zero", async () => {
    const output = await outputOf(temperatureConverter, { value: 32, unit: "fahrenheit" });
    expect(Object.is(output.celsius, 0)).toBe(true);
  });

  it("refuses values whose conversion overflows", async () => {
    expect((await errorOf(temperatureConverter, { value: 1.7e308, unit: "kelvin" })).code).toBe("invalid_input");
  });
});
