import { describe, expect, it } from "vitest";
import { runToolError, runToolOk } from "./tool-harness.ts";
import { yamlToJson } from "./yaml-to-json.ts";

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
    const started = performance.now();
    const error = await runToolError(yamlToJson, { yaml: LAUGHS });
    expect(error.code).toBe("invalid_input");
    expect(error.message).toMatch(/resource exhaustion/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("keeps a __proto__ key as a plain member without polluting prototypes", async () => {
    const { json } = await runToolOk(yamlToJson, { yaml: "__proto__:\n  polluted: true\nsafe: 1\n", indent: 0 });
    expect(json).toBe('{"__proto__":{"polluted":true},"safe":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses several documents in one input", async () => {
    const error = await runToolError(yamlToJson, { yaml: "a: 1\n---\nb: 2\n" });
    expect(error.message).toMatch(/multiple documents/i);
  });

  it("refuses duplicate keys", async () => {
    expect((await runToolError(yamlToJson, { yaml: "a: 1\na: 2\n" })).code).toBe("invalid_input");
  });

  it("refuses .inf and .nan, which JSON cannot carry", async () => {
    expect((await runToolError(yamlToJson, { yaml: "x: .inf\n" })).message).toMatch(/Infinity/);
    expect((await runToolError(yamlToJson, { yaml: "- .nan\n" })).message).toMatch(/NaN/);
  });

  it("treats language-specific tags as data, never as code", async () => {
    const { json } = await runToolOk(yamlToJson, { yaml: "f: !!js/function 'function () { return 1 }'\n", indent: 0 });
    expect(json).toBe('{"f":"function () { return 1 }"}');
  });

  it("reports malformed YAML as invalid input", async () => {
    expect((await runToolError(yamlToJson, { yaml: "a: [1\nb: 2" })).code).toBe("invalid_input");
  });

  it("writes an empty document as null", async () => {
    expect(await runToolOk(yamlToJson, { yaml: "" })).toEqual({ json: "null" });
  });
});
