import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonDiff } from "./json-diff.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

interface Operation {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
}

/** A minimal RFC 6902 applier (add, remove, replace, move), independent of jsondiffpatch. */
function applyPatch(document: unknown, patch: readonly Operation[]): unknown {
  const root = { doc: structuredClone(document) as unknown };
  for (const operation of patch) {
    if (operation.op === "move") {
      const value = removeAt(root, operation.from ?? "");
      addAt(root, operation.path, value);
    } else if (operation.op === "remove") removeAt(root, operation.path);
    else if (operation.op === "replace") {
      removeAt(root, operation.path);
      addAt(root, operation.path, operation.value);
    } else addAt(root, operation.path, operation.value);
  }
  return root.doc;
}

function locate(root: { doc: unknown }, pointer: string): [Record<string, unknown> | unknown[], string] {
  const segments = ["doc", ...(pointer === "" ? [] : pointer.slice(1).split("/"))].map((segment) =>
    segment.replaceAll("~1", "/").replaceAll("~0", "~"),
  );
  let parent: any = root;
  for (const segment of segments.slice(0, -1)) parent = parent[segment];
  return [parent, segments.at(-1) ?? "doc"];
}

function addAt(root: { doc: unknown }, pointer: string, value: unknown): void {
  const [parent, key] = locate(root, pointer);
  if (Array.isArray(parent)) parent.splice(key === "-" ? parent.length : Number(key), 0, value);
  else Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

function removeAt(root: { doc: unknown }, pointer: string): unknown {
  const [parent, key] = locate(root, pointer);
  if (Array.isArray(parent)) return parent.splice(Number(key), 1)[0];
  const value = parent[key];
  delete parent[key];
  return value;
}

/** Key-order-independent JSON text: objects become {object: sorted [key, value] list}. */
function canonical(value: unknown): string {
  const sorted = (member: unknown): unknown => {
    if (Array.isArray(member)) return member.map(sorted);
    if (typeof member !== "object" || member === null) return member;
    return { object: Object.entries(member).sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, inner]) => [key, sorted(inner)]) };
  };
  return JSON.stringify(sorted(value));
}

describe("json-diff", () => {
  it("produces a patch that turns left into right (property)", async () => {
    const documents = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    await fc.assert(
      fc.asyncProperty(documents, documents, async (left, right) => {
        const { equal, patch } = await outputOf(jsonDiff, { left: JSON.stringify(left), right: JSON.stringify(right) });
        expect(canonical(applyPatch(left, patch))).toBe(canonical(right));
        expect(equal).toBe(patch.length === 0);
      }),
      { numRuns: 200 },
    );
  });

  it("diffs __proto__ and constructor keys like any other key", async () => {
    const proto = await outputOf(jsonDiff, { left: '{"__proto__":{"x":1}}', right: '{"__proto__":{"x":2}}' });
    expect(proto.patch).toEqual([{ op: "replace", path: "/__proto__/x", value: 2 }]);
    const constructor = await outputOf(jsonDiff, { left: '{"constructor":1}', right: "{}" });
    expect(constructor.patch).toEqual([{ op: "remove", path: "/constructor" }]);
    const added = await outputOf(jsonDiff, { left: "{}", right: '{"a":{"__proto__":{"polluted":1}}}' });
    expect(JSON.stringify(added.patch)).toBe('[{"op":"add","path":"/a","value":{"__proto__":{"polluted":1}}}]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("escapes / and ~ in paths (RFC 6901)", async () => {
    const { patch } = await outputOf(jsonDiff, { left: '{"a/b":1,"m~n":2}', right: '{"a/b":2}' });
    expect(patch).toEqual([{ op: "replace", path: "/a~1b", value: 2 }, { op: "remove", path: "/m~0n" }]);
  });

  it("refuses arrays whose LCS would be too large, quickly", async () => {
    const left = JSON.stringify(Array.from({ length: 3000 }, (_, index) => index));
    const right = JSON.stringify(Array.from({ length: 3000 }, (_, index) => -index - 1));
    expect((await errorOf(jsonDiff, { left, right })).code).toBe("invalid_input");
  });

  it("diffs 2000 × 2000 changed items, just inside the limit, in reasonable time", async () => {
    const left = Array.from({ length: 2000 }, (_, index) => index);
    const right = Array.from({ length: 2000 }, (_, index) => (index % 2 === 0 ? index : -index));
    const { patch } = await outputOf(jsonDiff, { left: JSON.stringify(left), right: JSON.stringify(right) });
    expect(applyPatch(left, patch)).toEqual(right);
  });

  it("diffs large arrays that share their head and tail", async () => {
    const items = Array.from({ length: 100_000 }, (_, index) => index);
    const changed = [...items];
    changed[50_000] = -1;
    const { patch } = await outputOf(jsonDiff, { left: JSON.stringify(items), right: JSON.stringify(changed) });
    expect(applyPatch(items, patch)).toEqual(changed);
  });

  it("reports which side is not JSON", async () => {
    const error = await errorOf(jsonDiff, { left: "{}", right: "{" });
    expect(error.code === "invalid_input" && error.details[0]?.path).toBe("/input/right");
  });
});
