import { describe, expect, it } from "vitest";
import { jsonFormatter } from "./json-formatter.ts";
import { jsonMinify } from "./json-minify.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("json-formatter and json-minify nesting bound", () => {
  it("accept 64 levels, quickly", async () => {
    // Already minimal JSON minifies to itself.
    expect(await outputOf(jsonMinify, { json: nested(64) })).toEqual({ minified: nested(64) });
    expect(await outputOf(jsonFormatter, { json: `{"a":${nested(63)}}`, indent: 0 })).toEqual({ formatted: `{"a":${nested(63)}}` });
  });

  it("refuse 65 levels with a 422 naming the bound, before parsing a 500,000-deep document", async () => {
    for (const json of [nested(65), nested(500_000)]) {
      const error = await errorOf(jsonFormatter, { json });
      expect(error.code).toBe("invalid_input");
      expect(error.message).toBe("The document has nesting deeper than 64 levels.");
    }
    expect((await errorOf(jsonMinify, { json: `{"a":${nested(64)}}` })).message).toMatch(/deeper than 64 levels/);
  });

  it("do not count brackets inside strings, escaped quotes included", async () => {
    const json = JSON.stringify({ text: `\\"${"[".repeat(200)}` });
    expect(await outputOf(jsonMinify, { json })).toEqual({ minified: json });
  });
});

describe("json-formatter output bound", () => {
  it("refuses, before writing, indentation that would pass 8 Mi characters (320 MB once)", async () => {
    const deepList = `${"[".repeat(63)}${"1,".repeat(500_000)}1${"]".repeat(63)}`;
    // Speed belongs to the benchmark and the isolated pool's time cap, not to a timed unit test (noisy machines).
    const error = await errorOf(jsonFormatter, { json: deepList, indent: 10 });
    expect(error.message).toBe("The output would be larger than 8388608 characters.");
  });

  it("writes the same 1 MiB list compactly", async () => {
    const deepList = `${"[".repeat(63)}${"1,".repeat(500_000)}1${"]".repeat(63)}`;
    expect(await outputOf(jsonFormatter, { json: deepList, indent: 0 })).toEqual({ formatted: deepList });
  });
});
