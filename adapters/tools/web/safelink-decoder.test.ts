import { describe, expect, it } from "vitest";
import { safelinkDecoder } from "./safelink-decoder.ts";
import { refusalOf } from "../testing/tool-harness.ts";

describe("safelink-decoder", () => {
  it.each([
    "https://example.com/?url=https%3A%2F%2Fevil.example",
    "https://safelinks.protection.outlook.com.evil.example/?url=https%3A%2F%2Fx.example",
    "https://www.google.com/search?q=https://x.example",
    "https://eur01.safelinks.protection.outlook.com/?data=1",
    "https://www.google.com/url?q=not-a-url",
    "not a url",
  ])("refuses %s with invalid_input", async (url) => {
    expect(await refusalOf(safelinkDecoder, { url })).toBe("tool");
  });
});
