import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../adapters/http/openapi/build-openapi.ts";
import { createAjv } from "../adapters/tools/ajv-schema-validator.ts";
import { tools } from "../adapters/tools/index.ts";
import { toolsOf } from "./document-tools.ts";
import { variantsOf } from "./input-variants.ts";

const SCHEMA = {
  type: "object",
  required: ["text", "mode"],
  additionalProperties: false,
  properties: {
    text: { type: "string", minLength: 1, maxLength: 5_242_880 },
    mode: { type: "string", enum: ["upper", "lower"] },
    count: { type: "integer", minimum: 1, maximum: 10 },
  },
};

describe("variantsOf", () => {
  it("gives the same inputs for the same seed and others for another seed", () => {
    expect(variantsOf(SCHEMA, 42)).toEqual(variantsOf(SCHEMA, 42));
    expect(variantsOf(SCHEMA, 42)).not.toEqual(variantsOf(SCHEMA, 43));
  });

  it("covers optional members dropped, enum values, bounds, and every kind of breakage", () => {
    const kinds = variantsOf(SCHEMA, 1).map((variant) => `${variant.valid ? "valid" : "invalid"} ${variant.kind}`);
    for (const expected of ["valid optional-members-dropped", "valid enum value of mode", "valid minimum of count", "valid maximum of count", "valid shortest text", "invalid past-bound count", "invalid outside-enum mode", "invalid extra-property x-conformance-extra"]) {
      expect(kinds).toContain(expected);
    }
    expect(kinds.some((kind) => kind.startsWith("invalid required-missing "))).toBe(true);
    expect(kinds.some((kind) => kind.startsWith("invalid wrong-type "))).toBe(true);
  });

  it("draws members marked x-tool-checks from the examples, leaving out an optional one no example sets", () => {
    const schema = {
      type: "object",
      required: ["expression"],
      additionalProperties: false,
      properties: { expression: { type: "string", maxLength: 256 }, timeZone: { type: "string", maxLength: 64 }, count: { type: "integer", minimum: 1, maximum: 5 } },
    };
    const examples = [{ expression: "0 9 * * 1" }, { expression: "*/5 * * * *", count: 2 }];
    const valid = variantsOf(schema, 5, { members: [["expression"], ["timeZone"]], examples }).filter((variant) => variant.valid);
    expect(valid.length).toBeGreaterThan(2);
    for (const { input } of valid) {
      expect(["0 9 * * 1", "*/5 * * * *"]).toContain((input as { expression: string }).expression);
      expect(input).not.toHaveProperty("timeZone");
    }
  });

  it("labels every variant of every tool truthfully: generated from the document, judged by the server's own validator", () => {
    const served = toolsOf(buildOpenApiDocument({ tools }));
    const ajv = createAjv();
    expect(served.length).toBe(tools.filter((tool) => !tool.clientOnly).length);
    for (const documented of served) {
      const tool = tools.find((candidate) => candidate.id === documented.id);
      if (!tool || tool.clientOnly) throw new Error(`the document lists ${documented.id}, the catalog does not`);
      const validate = ajv.compile(tool.input);
      for (const variant of variantsOf(documented.inputSchema, 3)) {
        expect(validate(structuredClone(variant.input)), `${tool.id} ${variant.kind}`).toBe(variant.valid);
      }
    }
  });
});
