import { describe, expect, it } from "vitest";
import { tomlToJson } from "./toml-to-json.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("toml-to-json", () => {
  it("keeps each datetime's offset or locality and its milliseconds", async () => {
    const toml = "odt = 1979-05-27T00:32:00.999999-07:00\nutc = 1979-05-27T07:32:00Z\nldt = 1979-05-27T07:32:00\n";
    const { json } = await outputOf(tomlToJson, { toml, indent: 0 });
    expect(JSON.parse(json)).toEqual({ odt: "1979-05-27T00:32:00.999-07:00", utc: "1979-05-27T07:32:00Z", ldt: "1979-05-27T07:32:00" });
  });

  it("refuses integers beyond 2^53 rather than rounding them", async () => {
    expect((await errorOf(tomlToJson, { toml: "a = 9007199254740993" })).message).toMatch(/losslessly/);
  });

  it("refuses inf and nan, which JSON cannot carry", async () => {
    expect((await errorOf(tomlToJson, { toml: "a = inf" })).code).toBe("invalid_input");
  });

  it("keeps a quoted __proto__ key as a member without polluting prototypes", async () => {
    const { json } = await outputOf(tomlToJson, { toml: '["__proto__"]\npolluted = true\n', indent: 0 });
    expect(json).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reports a redefined key as invalid input", async () => {
    expect((await errorOf(tomlToJson, { toml: "a = 1\na = 2\n" })).code).toBe("invalid_input");
  });
});

describe("toml-to-json nesting bound", () => {
  it("accepts 64 levels of dotted keys and refuses 65, naming the bound", async () => {
    const dotted = (segments: number) => `a${".a".repeat(segments - 1)} = 1`;
    // The root table is a level, so 64 segments make 64 nested tables around the value.
    expect(await outputOf(tomlToJson, { toml: dotted(63), indent: 0 })).toEqual({ json: '{"a":'.repeat(63) + "1" + "}".repeat(63) });
    expect((await errorOf(tomlToJson, { toml: dotted(65) })).message).toBe("The document has nesting deeper than 64 levels.");
  });

  it("refuses 65 nested arrays before parsing", async () => {
    const error = await errorOf(tomlToJson, { toml: `a = ${"[".repeat(65)}${"]".repeat(65)}` });
    expect(error.message).toBe("The document has nesting deeper than 64 levels.");
  });
});
