import { describe, expect, it } from "vitest";
import { toOpenApiSchema } from "./json-schema-to-openapi.ts";
import { toJsonSchema } from "./openapi-to-json-schema.ts";
import { maxPatternLength } from "./pattern-length.ts";

describe("toOpenApiSchema", () => {
  it.each([
    ["const becomes a one-value enum", { const: "x" }, { enum: ["x"] }],
    ["a type with null becomes nullable", { type: ["string", "null"], maxLength: 3 }, { type: "string", nullable: true, maxLength: 3 }],
    [
      "a union of types becomes anyOf, each branch with its own keywords",
      { type: ["string", "integer"], maxLength: 9, maximum: 5, minimum: 0, description: "d" },
      { description: "d", anyOf: [{ type: "string", maxLength: 9 }, { type: "integer", minimum: 0, maximum: 5, format: "int32" }] },
    ],
    ["a numeric exclusiveMinimum becomes the 3.0 boolean form", { type: "number", exclusiveMinimum: 0 }, { type: "number", minimum: 0, exclusiveMinimum: true }],
    ["a bounded integer is int32", { type: "integer", minimum: 0, maximum: 10 }, { type: "integer", minimum: 0, maximum: 10, format: "int32" }],
    ["an integer enum is int32", { type: "integer", enum: [2048, 4096] }, { type: "integer", enum: [2048, 4096], format: "int32" }],
    ["an unbounded integer is int64", { type: "integer" }, { type: "integer", format: "int64" }],
    ["an array always has items", { type: "array" }, { type: "array", items: {} }],
    ["a tuple allows any of its types per item", { type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false }, { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] }, maxItems: 2 }],
    ["patternProperties become additionalProperties", { type: "object", patternProperties: { "^x": { type: "string" } }, additionalProperties: false }, { type: "object", additionalProperties: { type: "string" } }],
    ["keywords 3.0 lacks are dropped", { type: "object", if: { required: ["a"] }, then: { required: ["b"] }, $comment: "c" }, { type: "object" }],
    ["an anchored pattern states its length", { type: "string", pattern: "^[A-Z]{2}$" }, { type: "string", pattern: "^[A-Z]{2}$", maxLength: 2 }],
    ["examples become example", { type: "string", maxLength: 1, examples: ["a", "b"] }, { type: "string", maxLength: 1, example: "a" }],
  ])("%s", (_name, input, expected) => {
    expect(toOpenApiSchema(input)).toEqual(expected);
  });

  it("inlines local $refs", () => {
    const schema = { type: "object", properties: { a: { $ref: "#/definitions/n" } }, definitions: { n: { type: "number" } } };
    expect(toOpenApiSchema(schema)).toEqual({ type: "object", properties: { a: { type: "number" } } });
  });

  it("gives a oneOf branch the parent's cap on a member it re-declares", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string", maxLength: 9 } },
      oneOf: [{ required: ["a"], properties: { a: { type: "string" } } }],
    };
    expect((toOpenApiSchema(schema).oneOf as any)[0].properties.a).toEqual({ type: "string", maxLength: 9 });
  });
});

describe("toJsonSchema", () => {
  it("turns nullable, boolean exclusive bounds and $refs back into draft-07", () => {
    const document = { components: { schemas: { N: { type: "integer", format: "int32", minimum: 0, exclusiveMinimum: true, nullable: true } } } };
    expect(toJsonSchema({ type: "object", properties: { n: { $ref: "#/components/schemas/N" } } }, document)).toEqual({
      type: "object",
      properties: { n: { type: ["integer", "null"], exclusiveMinimum: 0 } },
    });
  });
});

describe("maxPatternLength", () => {
  it.each([
    ["^[A-Z]{2}$", 2],
    ["^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$", 9],
    ["^\\$2[aby]\\$\\d{2}\\$[./A-Za-z0-9]{22}$", 29],
    ["^(?:ab)?c\\u0041$", 4],
    ["^a+$", undefined],
    ["^a{2,}$", undefined],
    ["[A-Z]{2}", undefined],
    ["^a|b$", undefined],
    ["^(a)\\1$", undefined],
  ])("%s → %s", (pattern, expected) => {
    expect(maxPatternLength(pattern)).toBe(expected);
  });
});
