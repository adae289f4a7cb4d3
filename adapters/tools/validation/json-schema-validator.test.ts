import { describe, expect, it } from "vitest";
import { jsonSchemaValidator } from "./json-schema-validator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const check = (schema: object, data: unknown) => outputOf(jsonSchemaValidator, { schema, data });

describe("json-schema-validator", () => {
  it("runs a catastrophic-backtracking pattern in linear time (RE2)", async () => {
    const { valid } = await check({ pattern: "^(a+)+$" }, `${"a".repeat(50_000)}!`);
    expect(valid).toBe(false);
  });

  it("enforces each of several patterns separately", async () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string", pattern: "^x+$" }, b: { type: "string", pattern: "^y+$" } },
      patternProperties: { "^n[0-9]$": { type: "integer" } },
    };
    const { errors } = await check(schema, { a: "xx", b: "xx", n1: "one" });
    expect(errors.map((e: { instancePath: string }) => e.instancePath)).toEqual(["/b", "/n1"]);
  });

  it.each([
    ["a remote $ref (never fetched)", { $ref: "https://example.com/schema.json" }],
    ["an unknown type", { type: "strin" }],
    ["a backreference, which RE2 cannot run", { pattern: "(a)\\1" }],
    ["a lookahead", { pattern: "^(?=a)" }],
  ])("refuses %s with invalid_input", async (_name, schema) => {
    expect(await refusalOf(jsonSchemaValidator, { schema, data: "a" })).toBe("tool");
  });

  it("refuses a schema above 64 KiB", async () => {
    const schema = { description: "x".repeat(70_000) };
    expect(await refusalOf(jsonSchemaValidator, { schema, data: 1 })).toBe("tool");
  });

  it("keeps schemas that reuse one $id apart", async () => {
    expect((await check({ $id: "https://example.com/s", type: "string" }, "a")).valid).toBe(true);
    expect((await check({ $id: "https://example.com/s", type: "number" }, "a")).valid).toBe(false);
  });

  it("answers the same from the cache as from a fresh compilation", async () => {
    const schema = { type: "array", items: { type: "integer" }, maxItems: 2 };
    const first = await check(schema, [1, 2, 3]);
    expect(await check(structuredClone(schema), [1, 2, 3])).toEqual(first);
    expect(first.errors[0].keyword).toBe("maxItems");
  });

  it("validates a __proto__ member as data without polluting anything", async () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}}');
    expect((await check({ type: "object", minProperties: 1 }, data)).valid).toBe(true);
    // ajv deliberately never compiles a "__proto__" entry of `properties`, so the member counts as additional.
    expect((await check({ properties: { ["__proto__"]: {} }, additionalProperties: false }, data)).valid).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
