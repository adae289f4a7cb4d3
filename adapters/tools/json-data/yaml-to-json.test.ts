import { describe, expect, it } from "vitest";
import { yamlToJson } from "./yaml-to-json.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

const LAUGHS = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
  "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
  "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
  "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
  "f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
].join("\n");

describe("yaml-to-json", () => {
  it("refuses an alias bomb quickly instead of expanding it", async () => {
    const error = await errorOf(yamlToJson, { yaml: LAUGHS });
    expect(error.code).toBe("invalid_input");
    expect(error.message).toMatch(/resource exhaustion/);
  });

  it("keeps a __proto__ key as a plain member without polluting prototypes", async () => {
    const { json } = await outputOf(yamlToJson, { yaml: "__proto__:\n  polluted: true\nsafe: 1\n", indent: 0 });
    expect(json).toBe('{"__proto__":{"polluted":true},"safe":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses several documents in one input", async () => {
    const error = await errorOf(yamlToJson, { yaml: "a: 1\n---\nb: 2\n" });
    expect(error.message).toMatch(/multiple documents/i);
  });

  it("refuses duplicate keys", async () => {
    expect((await errorOf(yamlToJson, { yaml: "a: 1\na: 2\n" })).code).toBe("invalid_input");
  });

  it("refuses .inf and .nan, which JSON cannot carry", async () => {
    expect((await errorOf(yamlToJson, { yaml: "x: .inf\n" })).message).toMatch(/Infinity/);
    expect((await errorOf(yamlToJson, { yaml: "- .nan\n" })).message).toMatch(/NaN/);
  });

  it("treats language-specific tags as data, never as code", async () => {
    const { json } = await outputOf(yamlToJson, { yaml: "f: !!js/function 'function () { return 1 }'\n", indent: 0 });
    expect(json).toBe('{"f":"function () { return 1 }"}');
  });

  it("reports malformed YAML as invalid input", async () => {
    expect((await errorOf(yamlToJson, { yaml: "a: [1\nb: 2" })).code).toBe("invalid_input");
  });

  it("writes an empty document as null", async () => {
    expect(await outputOf(yamlToJson, { yaml: "" })).toEqual({ json: "null" });
  });
});

describe("yaml-to-json bounds", () => {
  const nestedMaps = (depth: number) => Array.from({ length: depth }, (_, i) => `${" ".repeat(i)}a:`).join("\n") + " 1\n";
  const nestedJson = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

  it("accepts 64 nested mappings and 64 flow levels", async () => {
    expect(await outputOf(yamlToJson, { yaml: nestedMaps(64), indent: 0 })).toEqual({ json: nestedJson(64) });
    expect(await outputOf(yamlToJson, { yaml: "[".repeat(64) + "]".repeat(64), indent: 0 })).toEqual({ json: "[".repeat(64) + "]".repeat(64) });
  });

  it.each([
    ["65 nested mappings", nestedMaps(65)],
    ["65 flow levels", "[".repeat(65) + "]".repeat(65)],
    ["500,000 flow levels (once a process abort)", "[".repeat(500_000) + "]".repeat(500_000)],
    ["500,000 compact sequence levels", "- ".repeat(500_000) + "x"],
  ])("refuses %s quickly, naming the bound", async (_label, yaml) => {
    expect((await errorOf(yamlToJson, { yaml })).message).toBe("The document has nesting deeper than 64 levels.");
  });

  it("accepts 20,000 entries and refuses 20,001", async () => {
    const keys = (count: number) => Array.from({ length: count }, (_, i) => `k${i}: ${i}`).join("\n");
    const { json } = await outputOf(yamlToJson, { yaml: keys(20_000), indent: 0 });
    expect(Object.keys(JSON.parse(json))).toHaveLength(20_000);
    expect((await errorOf(yamlToJson, { yaml: `${keys(20_000)}\nextra: 1` })).message).toMatch(/more than 20000 entries/);
  });

  it("refuses more than 1000 aliases", async () => {
    const aliases = (count: number) => `a: &a 1\nb: [${Array(count).fill("*a").join(", ")}]\n`;
    expect((await errorOf(yamlToJson, { yaml: aliases(1001) })).message).toBe("The document has more than 1000 aliases.");
  });

  it("still refuses a duplicate key deep in a large mapping, in linear time", async () => {
    const yaml = Array.from({ length: 19_000 }, (_, i) => `k${i}: 1`).join("\n") + "\nk5: 2\n";
    expect((await errorOf(yamlToJson, { yaml })).message).toMatch(/unique/);
  });
});
