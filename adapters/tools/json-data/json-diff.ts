import type { format } from "jsondiffpatch/formatters/jsonpatch";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { countLcsCells, escapeKeys, unescapeKeys, unescapePointer } from "./json-diff-keys.ts";
import { parseJsonField } from "./json-text.ts";
import { lazy } from "../lazy.ts";

/** Array diffs are an O(n·m) LCS: about 2000 × 2000 changed items, ≈ 0.1 s and 32 MB. */
const MAX_LCS_CELLS = 4_000_000;

// matchByPosition: objects inside arrays are compared index by index (JSON has no identity to match on), which
// also skips jsondiffpatch's own O(n·m) scan for shared references.
const loadDiffer = lazy(async () => {
  const [{ create }, { format: toJsonPatch }] = await Promise.all([import("jsondiffpatch"), import("jsondiffpatch/formatters/jsonpatch")]);
  return { differ: create({ matchByPosition: true, arrays: { detectMove: true } }), toJsonPatch };
});

interface PatchOperation {
  op: "add" | "remove" | "replace" | "move";
  path: string;
  from?: string;
  value?: unknown;
}

export const jsonDiff = defineTool({
  id: "json-diff",
  name: "JSON Diff",
  category: "json/data",
  description: "Structural diff of two JSON documents as an RFC 6902 JSON Patch.",
  worker: true,
  timeoutMs: 10_000,
  input: {
    type: "object",
    required: ["left", "right"],
    additionalProperties: false,
    properties: {
      left: { type: "string", maxLength: 1_048_576, "x-tool-checks": "JSON text" },
      right: { type: "string", maxLength: 1_048_576, "x-tool-checks": "JSON text" },
    },
  },
  output: {
    type: "object",
    required: ["equal", "patch"],
    additionalProperties: false,
    properties: {
      equal: { type: "boolean" },
      patch: {
        type: "array",
        items: {
          type: "object",
          required: ["op", "path"],
          additionalProperties: false,
          properties: {
            op: { type: "string", enum: ["add", "remove", "replace", "move"] },
            path: { type: "string" },
            from: { type: "string" },
            value: {},
          },
        },
      },
    },
  },
  examples: [
    {
      title: "Adding an object member (RFC 6902 A.1)",
      source: "RFC 6902 appendix A.1: target document, result and patch",
      input: { left: '{"foo":"bar"}', right: '{"baz":"qux","foo":"bar"}' },
      output: { equal: false, patch: [{ op: "add", path: "/baz", value: "qux" }] },
    },
    {
      title: "Adding an array element (RFC 6902 A.2)",
      source: "RFC 6902 appendix A.2",
      input: { left: '{"foo":["bar","baz"]}', right: '{"foo":["bar","qux","baz"]}' },
      output: { equal: false, patch: [{ op: "add", path: "/foo/1", value: "qux" }] },
    },
    {
      title: "Removing an array element (RFC 6902 A.4)",
      source: "RFC 6902 appendix A.4",
      input: { left: '{"foo":["bar","qux","baz"]}', right: '{"foo":["bar","baz"]}' },
      output: { equal: false, patch: [{ op: "remove", path: "/foo/1" }] },
    },
    {
      title: "Replacing a value (RFC 6902 A.5)",
      source: "RFC 6902 appendix A.5",
      input: { left: '{"baz":"qux","foo":"bar"}', right: '{"baz":"boo","foo":"bar"}' },
      output: { equal: false, patch: [{ op: "replace", path: "/baz", value: "boo" }] },
    },
    {
      title: "Moving an array element (RFC 6902 A.7)",
      source: "RFC 6902 appendix A.7",
      input: { left: '{"foo":["all","grass","cows","eat"]}', right: '{"foo":["all","cows","eat","grass"]}' },
      output: { equal: false, patch: [{ op: "move", from: "/foo/1", path: "/foo/3" }] },
    },
    {
      title: "Key order and whitespace do not matter",
      source: "RFC 8259 §4: an object is an unordered collection of members",
      input: { left: '{"a":1,"b":[1,2]}', right: '{ "b": [1, 2], "a": 1 }' },
      output: { equal: true, patch: [] },
    },
  ],
  run: async ({ left, right }: { left: string; right: string }) => {
    const { differ, toJsonPatch } = await loadDiffer();
    const leftDocument = parseJsonField(left, "left");
    if (!leftDocument.ok) return leftDocument;
    const rightDocument = parseJsonField(right, "right");
    if (!rightDocument.ok) return rightDocument;
    try {
      if (countLcsCells(leftDocument.value, rightDocument.value, MAX_LCS_CELLS) > MAX_LCS_CELLS) {
        return err(invalidField("right", "The arrays differ too much to diff within the size limit (about 2000 × 2000 changed items)."));
      }
      const delta = differ.diff(escapeKeys(leftDocument.value), escapeKeys(rightDocument.value));
      const patch = delta === undefined ? [] : toJsonPatch(delta).map(toPatchOperation);
      return ok({ equal: patch.length === 0, patch });
    } catch (error) {
      return err(invalidField("right", `The documents cannot be diffed: ${(error as Error).message}`));
    }
  },
});

function toPatchOperation(operation: ReturnType<typeof format>[number]): PatchOperation {
  const path = unescapePointer(operation.path);
  if (operation.op === "move") return { op: "move", from: unescapePointer(operation.from), path };
  if (operation.op === "remove") return { op: "remove", path };
  return { op: operation.op, path, value: unescapeKeys(operation.value) };
}
