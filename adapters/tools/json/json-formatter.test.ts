import { describe, expect, it } from "vitest";
import { jsonFormatter } from "./json-formatter.ts";
import { jsonMinify } from "./json-minify.ts";
import { runToolError, runToolOk } from "./tool-harness.ts";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("json-formatter and json-minify nesting bound", () => {
  it("accept 64 levels, quickly", async () => {
    const started = performance.now();
    // Already minimal JSON minifies to itself.
    expect(await runToolOk(jsonMinify, { json: nested(64) })).toEqual({ minified: nested(64) });
    expect(await runToolOk(jsonFormatter, { json: `{"a":${nested(63)}}`, indent: 0 })).toEqual({ formatted: `{"a":${nested(63)}}` });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuse 65 levels with a 422 naming the bound, before parsing a 500,000-deep document", async () => {
    for (const json of [nested(65), nested(500_000)]) {
      const started = performance.now();
      const error = await runToolError(jsonFormatter, { json });
      expect(error.code).toBe("invalid_input");
      expect(error.message).toBe("The document has nesting deeper than 64 levels.");
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect((await runToolError(jsonMinify, { json: `{"a":${nested(64)}}` })).message).toMatch(/deeper than 64 levels/);
  });

  it("do not count brackets inside strings, escaped quotes included", async () => {
    const json = JSON.stringify({ text: `\\"${"[".repeat(200)}` });
    expect(await runToolOk(jsonMinify, { json })).toEqual({ minified: json });
  });
});

describe("json-formatter output bound", () => {
  it("refuses, before writing, indentation that would pass 8 Mi characters (320 MB once)", async () => {
    const deepList = `${"[".repeat(63)}${"1,".repeat(500_000)}1${"]".repeat(63)}`;
    const started = performance.now();
    const error = await runToolError(jsonFormatter, { json: deepList, indent: 10 });
    expect(error.message).toBe("The output would be larger than 8388608 characters.");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("writes the same 1 MiB list compactly", async () => {
    const deepList = `${"[".repeat(63)}${"1,".repeat(500_000)}1${"]".repeat(63)}`;
    expect(await runToolOk(jsonFormatter, { json: deepList, indent: 0 })).toEqual({ formatted: deepList });
  });
});
