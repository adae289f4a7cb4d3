import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/** Writes a package under `dir`/`at` with the given package.json fields: `pack.mjs` is a pack of id `id`, `wrong.cjs` is not. */
function packagePack(at: string, id: string, manifest: Record<string, unknown>): void {
  const home = join(dir, at);
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, "package.json"), JSON.stringify({ version: "1.0.0", ...manifest }));
  const tool = `{ id: "t", name: "T", category: "x", description: "d", clientOnly: false, input: { type: "object" }, output: { type: "object" }, examples: [{ title: "e", input: {} }], run: () => ({ ok: true, value: {} }) }`;
  writeFileSync(join(home, "pack.mjs"), `export default { id: "${id}", name: "N", version: "1.0.0", description: "d", tools: [${tool}] };\n`);
  writeFileSync(join(home, "wrong.cjs"), "module.exports = { default: 'the require condition was taken' };\n");
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
  it("finds an npm package by ES module rules: one that exports only an import condition, and a dual one's import entry", async () => {
    packagePack("node_modules/esm-only-pack", "esmonly", { name: "esm-only-pack", type: "module", exports: { ".": { import: "./pack.mjs" } } });
    packagePack("node_modules/dual-pack", "dual", { name: "dual-pack", exports: { ".": { import: "./pack.mjs", require: "./wrong.cjs" } } });
    const packs = await loadPacks(["esm-only-pack", "dual-pack"], dir);
    expect(packs.map((pack) => pack.id)).toEqual(["esmonly", "dual"]);
    expect(packs.map((pack) => pack.moduleUrl.endsWith("/pack.mjs"))).toEqual([true, true]);
  });
  it("installs a directory pack whose package.json has conditional exports, by its import entry", async () => {
    packagePack("dir-pack", "dirpack", { name: "dir-pack", exports: { import: "./pack.mjs", default: "./wrong.cjs" } });
    const [pack] = await loadPacks(["./dir-pack"], dir);
    expect(pack.id).toBe("dirpack");
  });
  it("refuses a package that cannot be found, naming it and where it was looked for", async () => {
    await expect(loadPacks(["no-such-pack-anywhere"], dir)).rejects.toThrow(/Tool pack "no-such-pack-anywhere" cannot be installed: the module cannot be found from/);
  });
});
