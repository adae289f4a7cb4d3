import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { phoneNumberParser } from "./phone-number-parser.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("phone-number-parser", () => {
  it("refuses an unsupported default country with invalid_input", async () => {
    expect(await refusalOf(phoneNumberParser, { phone: "2133734253", defaultCountry: "ZZ" })).toBe("tool");
  });

  it("answers valid: false for a national number without a country", async () => {
    expect(await outputOf(phoneNumberParser, { phone: "2133734253" })).toMatchObject({ valid: false, e164: null });
  });

  it("reports a too-short number as neither possible nor valid", async () => {
    expect(await outputOf(phoneNumberParser, { phone: "12345", defaultCountry: "US" })).toMatchObject({ valid: false, possible: false });
  });

  it("keeps the extension in the RFC 3966 form", async () => {
    expect((await outputOf(phoneNumberParser, { phone: "+1 213 373 4253 ext. 12" })).rfc3966).toBe("tel:+12133734253;ext=12");
  });

  it("loads the max metadata lazily", () => {
    const source = readFileSync(new URL("./phone-number-parser.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^import [^t][^\n]*from "libphonenumber-js/m);
  });
});
