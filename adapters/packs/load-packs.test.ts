import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadPacks, parsePackList } from "./load-packs.ts";

const dir = mkdtempSync(join(tmpdir(), "load-packs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a pack module whose one tool has the given input schema. */
function packFile(name: string, id: string, input: unknown): string {
  const tool = `{ id: "t", name: "T", category: "x", description: "d", clientOnly: false, input: ${JSON.stringify(input)}, output: { type: "object" }, examples: [{ title: "e", input: {} }], run: () => ({ ok: true, value: {} }) }`;
  writeFileSync(join(dir, name), `export default { id: "${id}", name: "N", version: "1.0.0", description: "d", tools: [${tool}] };\n`);
  return `./${name}`;
}

describe("loading TOOL_PACKS", () => {
  it("splits the list and ignores blanks", () => {
    expect(parsePackList(" ./a, ,b ")).toEqual(["./a", "b"]);
    expect(parsePackList(undefined)).toEqual([]);
  });
  it("installs a directory pack through its package.json, tools prefixed", async () => {
    const [pack] = await loadPacks(["./examples/tool-pack"]);
    expect(pack.id).toBe("example");
    expect(pack.tools.map((tool) => tool.id)).toEqual(["example.reverse-text", "example.word-count"]);
  });
  it("refuses a bad schema, naming the pack and the tool", async () => {
    const bad = packFile("bad-schema.mjs", "bad", { type: "no-such-type" });
    await expect(loadPacks([bad], dir)).rejects.toThrow(/Tool pack "\.\/bad-schema\.mjs" cannot be installed: tool "t" has a bad input schema/);
  });
  it("refuses two packs with one id, naming the second", async () => {
    const first = packFile("one.mjs", "same", { type: "object" });
    const second = packFile("two.mjs", "same", { type: "object" });
    await expect(loadPacks([first, second], dir)).rejects.toThrow(/Tool pack "\.\/two\.mjs" cannot be installed: its id "same" is already taken/);
  });
  it("refuses a module that does not load and a bad pack id", async () => {
    await expect(loadPacks(["./missing.mjs"], dir)).rejects.toThrow(/"\.\/missing\.mjs" cannot be installed: the module does not load/);
    await expect(loadPacks([packFile("bad-id.mjs", "Bad Id", { type: "object" })], dir)).rejects.toThrow(/not a valid pack id/);
  });
});
