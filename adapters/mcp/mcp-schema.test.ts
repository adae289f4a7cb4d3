import { describe, expect, it } from "vitest";
import { Ajv } from "ajv";
import { tools } from "../tools/index.ts";
import { mcpInputSchema, mcpToolName, strictSubschema, toolIdOf } from "./mcp-schema.ts";

// Not strict: the schemas carry the catalog's own `x-tool-checks` notes, and formats are not what is compared here.
const ajv = () => new Ajv({ strict: false, validateFormats: false, allowUnionTypes: true });

describe("the MCP form of a tool's input schema", () => {
  it("accepts every documented example input of every server tool, as the REST schema does", () => {
    const refused: string[] = [];
    for (const tool of tools.filter((candidate) => !candidate.clientOnly)) {
      const validate = ajv().compile(mcpInputSchema(tool.input).schema);
      for (const example of tool.examples) if (!validate(example.input)) refused.push(`${tool.id}: ${JSON.stringify(example.input)}`);
    }
    expect(refused).toEqual([]);
  });

  it("keeps the meaning of bare booleans and type arrays (JSON Schema 2020-12 §4.3.2, §6.1.1)", () => {
    const original = { type: "object", properties: { a: { type: ["string", "null"], maxLength: 2 }, b: false, c: true, d: { type: ["integer"] } }, additionalProperties: false };
    const strict = strictSubschema(original) as { properties: Record<string, unknown>; additionalProperties: unknown };
    expect(strict.properties).toEqual({ a: { anyOf: [{ type: "string" }, { type: "null" }], maxLength: 2 }, b: { not: {} }, c: {}, d: { type: "integer" } });
    expect(strict.additionalProperties).toBe(false);
    const [before, after] = [ajv().compile(original), ajv().compile(strict as object)];
    const samples = [{}, { a: null }, { a: "ab" }, { a: "abc" }, { a: 1 }, { b: 1 }, { c: [1] }, { d: 1 }, { d: 1.5 }, { e: 1 }];
    expect(samples.map((sample) => after(sample))).toEqual(samples.map((sample) => before(sample)));
  });

  it("merges a top-level oneOf: every alternative's properties, required only what each requires, the rule in words", () => {
    const { schema, rule } = mcpInputSchema({
      type: "object", required: ["a"], properties: { a: { type: "string" } },
      oneOf: [{ properties: { b: { type: "integer" } }, required: ["b", "c"] }, { properties: { c: { type: "string" } }, required: ["c"] }],
    });
    expect(schema).toEqual({ type: "object", required: ["a", "c"], properties: { a: { type: "string" }, b: { type: "integer" }, c: { type: "string" } } });
    expect(rule).toMatch(/^Input rule \(the server answers 422 otherwise\): exactly one of \[/);
  });

  it("names a pack tool without `.` and maps it back", () => {
    expect(mcpToolName("example.reverse-text")).toBe("example__reverse-text");
    expect(toolIdOf("example__reverse-text")).toBe("example.reverse-text");
    expect(toolIdOf("hash-text")).toBe("hash-text");
  });
});
