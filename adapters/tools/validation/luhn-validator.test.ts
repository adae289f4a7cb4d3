import { describe, expect, it } from "vitest";
import { luhnValidator } from "./luhn-validator.ts";
import { refusalOf } from "../testing/tool-harness.ts";

describe("luhn-validator", () => {
  it("refuses fewer than two digits with invalid_input", async () => {
    expect(await refusalOf(luhnValidator, { number: "7" })).toBe("tool");
    expect(await refusalOf(luhnValidator, { number: " - " })).toBe("tool");
  });

  it("refuses letters through the schema", async () => {
    expect(await refusalOf(luhnValidator, { number: "4111x" })).toBe("schema");
  });
});
