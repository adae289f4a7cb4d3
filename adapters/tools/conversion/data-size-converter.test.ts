import { describe, expect, it } from "vitest";
import { dataSizeConverter } from "./data-size-converter.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("data-size-converter", () => {
  it("keeps large byte counts exact", async () => {
    expect((await outputOf(dataSizeConverter, { value: 1, unit: "PiB" })).bytes).toBe(1125899906842624);
  });

  it("refuses negative sizes and sizes that overflow", async () => {
    expect((await errorOf(dataSizeConverter, { value: -1, unit: "B" })).code).toBe("invalid_input");
    expect((await errorOf(dataSizeConverter, { value: 1e300, unit: "PiB" })).code).toBe("invalid_input");
  });
});
