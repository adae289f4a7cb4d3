import { describe, expect, it } from "vitest";
import { urlParser } from "./url-parser.ts";
import { refusalOf } from "../testing/tool-harness.ts";

describe("url-parser", () => {
  it.each(["/relative/path", "example.com", "http://"])("refuses %s with invalid_input", async (url) => {
    expect(await refusalOf(urlParser, { url })).toBe("tool");
  });
});
