import { describe, expect, it } from "vitest";
import { toModelSchema } from "./schema-for-models.ts";

// A tool whose input is either `{ mode: "text", text }` or `{ mode: "hex", hex }`, as the catalog writes such rules.
const EITHER = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  required: ["mode"],
  additionalProperties: false,
  properties: { mode: { enum: ["text", "hex"] }, trim: { type: "boolean", default: true } },
  oneOf: [
    { properties: { mode: { const: "text" }, text: { type: "string" }, hex: false }, required: ["text", "mode"] },
    { properties: { mode: { const: "hex" }, hex: { type: "string", pattern: "^[0-9a-f]*$" }, text: false }, required: ["hex", "mode"] },
  ],
};

describe("toModelSchema", () => {
  it("merges a top-level oneOf into one object schema and states the rule", () => {
    const { schema, rule } = toModelSchema(EITHER);
    expect(schema).toEqual({
      type: "object",
      required: ["mode"],
      additionalProperties: false,
      properties: {
        mode: { enum: ["text", "hex"] },
        trim: { type: "boolean", default: true },
        text: { type: "string" },
        hex: { type: "string", pattern: "^[0-9a-f]*$" },
      },
    });
    expect(rule).toBe(`Input must also match (JSON Schema): oneOf ${JSON.stringify(EITHER.oneOf)}`);
  });

  it("keeps what every alternative requires, and all of allOf's", () => {
    const both = { type: "object", properties: {}, anyOf: [{ required: ["a", "b"] }, { required: ["b", "c"] }] };
    expect(toModelSchema(both).schema.required).toEqual(["b"]);
    const all = { type: "object", properties: { a: {}, c: {} }, allOf: [{ required: ["a"] }, { required: ["c"] }] };
    expect(toModelSchema(all).schema.required).toEqual(["a", "c"]);
  });

  it("writes bare booleans below the top as objects (additionalProperties' excepted), and leaves boolean values of data keywords alone", () => {
    const { schema } = toModelSchema({ type: "object", properties: { any: true, none: false, flag: { type: "boolean", enum: [true], default: false }, list: { type: "array", items: false } }, additionalProperties: true });
    expect(schema).toEqual({ type: "object", properties: { any: {}, none: { not: {} }, flag: { type: "boolean", enum: [true], default: false }, list: { type: "array", items: { not: {} } } }, additionalProperties: true });
  });

  it("gives a schema with no properties an empty properties object, and no rule when nothing was moved", () => {
    expect(toModelSchema({ type: "object" })).toEqual({ schema: { type: "object", properties: {} }, rule: undefined });
  });

  it("leaves the input schema unchanged", () => {
    const copy = structuredClone(EITHER);
    toModelSchema(EITHER);
    expect(EITHER).toEqual(copy);
  });
});
