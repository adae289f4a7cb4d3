import { describe, expect, it } from "vitest";
import { ibanValidator } from "./iban-validator.ts";
import { outputOf } from "../testing/tool-harness.ts";

describe("iban-validator", () => {
  it("accepts lowercase and dashes by normalising to the electronic format", async () => {
    const output = await outputOf(ibanValidator, { iban: "gb82-west-1234-5698-7654-32" });
    expect(output.valid).toBe(true);
    expect(output.electronicFormat).toBe("GB82WEST12345698765432");
  });

  it("answers valid: false (not a refusal) for an empty IBAN", async () => {
    expect(await outputOf(ibanValidator, { iban: "" })).toMatchObject({ valid: false, electronicFormat: null, errors: ["NoIBANProvided"] });
  });

  it("lists every problem of a truncated IBAN", async () => {
    const { valid, errors } = await outputOf(ibanValidator, { iban: "GB82WEST1234569876543" });
    expect(valid).toBe(false);
    expect(errors).toContain("WrongBBANLength");
  });
});
