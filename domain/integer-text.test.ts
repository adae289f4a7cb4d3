import { describe, expect, it } from "vitest";
import { integerText } from "./integer-text.ts";

describe("integerText", () => {
  it("writes integers as plain decimal digits, as JSON and HTTP headers expect", () => {
    expect(integerText(0)).toBe("0");
    expect(integerText(999_999_999)).toBe("999999999");
    expect(integerText(1_795_714_104_775)).toBe("1795714104775");
    expect(integerText(-42)).toBe("-42");
  });
});
