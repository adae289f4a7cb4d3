import { describe, expect, it } from "vitest";
import { defineTool } from "./tool.ts";
import { checkPackShape, installPack, packIdOf } from "./tool-pack.ts";
import { ok } from "./result.ts";

const tool = defineTool({
  id: "echo", name: "Echo", category: "text", description: "d", input: { type: "object" }, output: { type: "object" },
  examples: [{ title: "t", input: {} }], run: (input) => ok(input),
});
const pack = { id: "acme", name: "Acme", version: "1.0.0", description: "d", tools: [tool] };

describe("tool packs", () => {
  it("accepts a well-formed pack and prefixes its tool ids", () => {
    expect(checkPackShape(pack)).toEqual([]);
    expect(installPack(pack).tools.map((t) => t.id)).toEqual(["acme.echo"]);
  });
  it("refuses a bad or reserved id, a missing field and duplicate tools", () => {
    expect(checkPackShape({ ...pack, id: "Bad Id" })[0]).toMatch(/not a valid pack id/);
    expect(checkPackShape({ ...pack, id: "core" })[0]).toMatch(/not a valid pack id/);
    expect(checkPackShape({ ...pack, version: "" })).toEqual(["version must be a non-empty string"]);
    expect(checkPackShape({ ...pack, tools: [tool, tool] })).toEqual(['tool "echo": declared twice']);
    expect(checkPackShape({ ...pack, tools: [{ ...tool, run: undefined }] })[0]).toMatch(/defineTool/);
  });
  it("finds the pack of a tool id", () => {
    expect(packIdOf("hash-text")).toBe("core");
    expect(packIdOf("example.reverse-text")).toBe("example");
  });
});
