import { describe, expect, it } from "vitest";
import { errorOf, outputOf } from "../../adapters/tools/testing/tool-harness.ts";
import { checkPackShape } from "../../domain/tool-pack.ts";
import pack, { reverseText, wordCount } from "./index.js";

describe("the example pack", () => {
  it("is a well-formed pack named example", () => {
    expect(pack.id).toBe("example");
    expect(checkPackShape(pack)).toEqual([]);
  });
  it("runs every documented example to its stated output", async () => {
    for (const tool of pack.tools) {
      for (const example of tool.examples) {
        const output = await outputOf(tool, example.input as Record<string, unknown>);
        if (example.output !== undefined) expect(output).toEqual(example.output);
      }
    }
  });
  it("reverses by code points: a surrogate pair is never split", async () => {
    // Independent computation: the code points of "x🎉y", listed by hand in reverse order.
    const { text } = await outputOf(reverseText, { text: "x\u{1F389}y" });
    expect([...text].map((c) => c.codePointAt(0))).toEqual([0x79, 0x1f389, 0x78]);
  });
  it("refuses input its schema forbids", async () => {
    expect((await errorOf(reverseText, { text: 1 })).code).toBe("invalid_input");
    expect((await errorOf(wordCount, {})).code).toBe("invalid_input");
  });
});
