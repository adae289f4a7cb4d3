import { describe, expect, it } from "vitest";
import { FixedClock } from "../system.ts";
import { AjvSchemaValidator, createAjv, validateAgainst } from "./ajv-schema-validator.ts";
import { serverTools, tools } from "./index.ts";

const ajv = createAjv();
const validator = new AjvSchemaValidator(serverTools, ajv, "eager");
const clock = new FixedClock(Date.UTC(2026, 0, 1));
const context = { now: () => clock.now(), randomBytes: (size: number) => crypto.getRandomValues(new Uint8Array(size)) };

const cases = serverTools.flatMap((tool) => tool.examples.map((example) => ({ tool, example, name: `${tool.id}: ${example.title}` })));

describe("catalog", () => {
  it("has unique ids in kebab-case", () => {
    const ids = tools.map((tool) => tool.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(serverTools.map((tool) => [tool.id, tool] as const))("%s forbids extra properties on its input", (_id, tool) => {
    expect(tool.input.additionalProperties).toBe(false);
    expect(tool.output.additionalProperties).toBe(false);
  });
});

describe("tool examples", () => {
  it.each(cases)("$name", async ({ tool, example }) => {
    const input = structuredClone(example.input) as Record<string, unknown>;
    expect(validator.validateInput(tool, input)).toEqual([]);
    const result = await tool.run(input, context);
    if (!result.ok) throw new Error(`${tool.id} refused its example: ${JSON.stringify(result.error)}`);
    expect(validateAgainst(ajv, tool.output, result.value)).toEqual([]);
    if (example.output !== undefined) expect(result.value).toEqual(example.output);
  });
});
