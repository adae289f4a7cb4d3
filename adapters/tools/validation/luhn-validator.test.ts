import { describe, expect, it } from "vitest";
import { refusalOf, runTool, SchemaRefusal } from "../web/test-support.ts";
import { luhnValidator } from "./luhn-validator.ts";

describe("luhn-validator", () => {
  it("refuses fewer than two digits with invalid_input", async () => {
    expect(await refusalOf(luhnValidator, { number: "7" })).toBe("invalid_input");
    expect(await refusalOf(luhnValidator, { number: " - " })).toBe("invalid_input");
  });

  it("refuses letters through the schema", async () => {
    await expect(runTool(luhnValidator, { number: "4111x" })).rejects.toBeInstanceOf(SchemaRefusal);
  });
});
