import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_CHARS } from "../../domain/error-text.ts";
import type { JsonSchema } from "../../domain/tool.ts";
import { AjvSchemaValidator } from "./ajv-schema-validator.ts";
import { serverTools } from "./index.ts";

type Node = Record<string, unknown>;
/** A member with a restriction on its values: where it sits (`*` = an array item) and its schema. */
interface Restricted {
  readonly tool: (typeof serverTools)[number];
  readonly segments: readonly string[];
  readonly keyword: "enum" | "const" | "pattern";
  readonly schema: Node;
}

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every enum, const and pattern reachable through `properties` and `items`. */
function restrictedMembers(tool: Restricted["tool"], node: unknown, segments: string[] = []): Restricted[] {
  if (!isNode(node)) return [];
  const own = (["enum", "const", "pattern"] as const).filter((keyword) => keyword in node).map((keyword) => ({ tool, segments, keyword, schema: node }));
  const members = isNode(node.properties) ? Object.entries(node.properties).flatMap(([name, sub]) => restrictedMembers(tool, sub, [...segments, name])) : [];
  const items = isNode(node.items) ? restrictedMembers(tool, node.items, [...segments, "*"]) : [];
  return [...own, ...members, ...items];
}

/** A value the member does not allow, chosen from the schema alone. */
function wrongValue({ keyword, schema }: Restricted): unknown {
  if (keyword === "pattern") {
    const pattern = new RegExp(String(schema.pattern), "u");
    const wrong = ["", "~", "!?", "x y", ":", "ÿ-not-matching~"].find((candidate) => !pattern.test(candidate));
    if (wrong === undefined) throw new Error(`no candidate breaks ${String(schema.pattern)}`);
    return wrong;
  }
  const allowed = keyword === "enum" ? (schema.enum as unknown[]) : [schema.const];
  return allowed.every((value) => typeof value === "string") ? "x-not-an-allowed-value" : 987_654_321;
}

/** `input` with `value` at `segments`, creating the objects and arrays on the way. */
function withValue(input: Node, segments: readonly string[], value: unknown): Node {
  const copy = structuredClone(input);
  let parent: Node | unknown[] = copy;
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const next = segments[index + 1];
    const key = segment === "*" ? 0 : segment;
    const container = parent as Record<string | number, unknown>;
    if (last) container[key] = value;
    else if (typeof container[key] !== "object" || container[key] === null) container[key] = next === "*" ? [] : {};
    if (!last) parent = container[key] as Node;
  });
  return copy;
}

/** Whether a message names a value: as it is, or quoted as JSON (a tab, a comma, a space). */
const names = (message: string, value: unknown) => message.includes(String(value)) || message.includes(JSON.stringify(value));

const restricted = serverTools.flatMap((tool) => restrictedMembers(tool, tool.input));
const validator = new AjvSchemaValidator(serverTools);

describe("schema refusals name what is allowed", () => {
  it("covers the catalog's restricted members", () => {
    // hash-text's algorithm, a long enum (ascii-art-text's fonts) and patterns are all in the walk.
    expect(restricted.some((member) => member.tool.id === "hash-text" && member.segments.join("/") === "algorithm")).toBe(true);
    expect(restricted.some((member) => Array.isArray(member.schema.enum) && member.schema.enum.length > 20)).toBe(true);
    expect(restricted.filter((member) => member.keyword === "pattern").length).toBeGreaterThan(10);
  });

  it.each(restricted.map((member) => [`${member.tool.id} /${member.segments.join("/")} ${member.keyword}`, member] as const))("%s", (_name, member) => {
    const input = withValue(member.tool.examples[0].input as Node, member.segments, wrongValue(member));
    const path = `/input/${member.segments.map((segment) => (segment === "*" ? "0" : segment)).join("/")}`;
    const issues = validator.validateInput(member.tool, input);
    const messages = issues.filter((issue) => issue.path === path).map((issue) => issue.message);
    expect(messages, JSON.stringify(issues)).not.toEqual([]);
    const message = messages.join(" | ");
    for (const text of messages) expect(text.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    if (member.keyword === "pattern") expect(message).toContain(String(member.schema.pattern));
    if (member.keyword === "const") expect(names(message, member.schema.const), message).toBe(true);
    if (member.keyword === "enum") {
      const values = member.schema.enum as unknown[];
      expect(names(message, values[0]), message).toBe(true);
      // Every value, or the first ones and how many there are in all.
      if (!values.every((value) => names(message, value))) expect(message).toContain(`${values.length} in all`);
    }
  });
});

describe("other schema refusals read as sentences", () => {
  const schema: JsonSchema = {
    type: "object",
    additionalProperties: false,
    properties: {
      text: { type: "string", minLength: 2, maxLength: 3 },
      count: { type: "integer", minimum: 1, exclusiveMaximum: 10 },
      when: { type: "string", format: "date-time" },
      tags: { type: "array", maxItems: 1, uniqueItems: true, items: { type: "string" } },
      either: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
      nullable: { type: ["string", "null"] },
    },
  };
  const tool = { ...serverTools[0], id: "messages-fixture", input: schema };
  const check = (input: Node) => new AjvSchemaValidator([tool]).validateInput(tool, input);

  it.each([
    [{ text: 1 }, "/input/text", "must be a string"],
    [{ text: "a" }, "/input/text", "must have at least 2 characters"],
    [{ text: "abcd" }, "/input/text", "must have at most 3 characters"],
    [{ count: 0 }, "/input/count", "must be at least 1"],
    [{ count: 10 }, "/input/count", "must be less than 10"],
    [{ count: 1.5 }, "/input/count", "must be an integer"],
    [{ when: "yesterday" }, "/input/when", "must be a valid date-time"],
    [{ tags: ["a", "b"] }, "/input/tags", "must have at most 1 item"],
    [{ either: 3 }, "/input/either", "must be a string or an array"],
    [{ nullable: 3 }, "/input/nullable", "must be a string or null"],
  ] as const)("%j → %s %s", (input, path, message) => {
    expect(check(input)).toEqual([{ path, message }]);
  });
});
