import type { StructuredPatch } from "diff";
import { invalidInput } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadDiff = lazy(() => import("diff"));

// Myers is O(N·D) and, past the edit budget, quadratic in it (2 000 edits ≈ 0.6 s on two 40 000-line texts, 10 000
// ≈ 18 s). The deterministic edit budget decides; the timeout is only a safety net under heavy load.
const MAX_EDIT_LENGTH = 2_000;
const DIFF_TIMEOUT_MS = 5_000;

interface TextDiffInput {
  oldText: string;
  newText: string;
  context: number;
  oldName: string;
  newName: string;
}

function countChanges(patch: StructuredPatch): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const line of patch.hunks.flatMap((hunk) => hunk.lines)) {
    if (line.startsWith("+")) additions += 1;
    else if (line.startsWith("-")) deletions += 1;
  }
  return { additions, deletions };
}

export const textDiff = defineTool({
  id: "text-diff",
  name: "Text Diff",
  category: "text",
  description: "Line diff of two texts as a unified diff (--- / +++ headers, @@ hunks), with added and deleted line counts.",
  input: {
    type: "object",
    required: ["oldText", "newText"],
    additionalProperties: false,
    properties: {
      oldText: { type: "string", maxLength: 262_144 },
      newText: { type: "string", maxLength: 262_144 },
      context: { type: "integer", minimum: 0, maximum: 20, default: 3 },
      oldName: { type: "string", minLength: 1, maxLength: 255, default: "a" },
      newName: { type: "string", minLength: 1, maxLength: 255, default: "b" },
    },
  },
  output: {
    type: "object",
    required: ["unifiedDiff", "additions", "deletions", "identical"],
    additionalProperties: false,
    properties: {
      unifiedDiff: { type: "string" },
      additions: { type: "integer", minimum: 0 },
      deletions: { type: "integer", minimum: 0 },
      identical: { type: "boolean" },
    },
  },
  examples: [
    {
      title: "One line changed, one appended",
      source: "GNU diffutils: diff -u --label a --label b old new",
      input: { oldText: "apple\nbanana\ncherry\ndate\n", newText: "apple\nblueberry\ncherry\ndate\nelderberry\n", context: 3, oldName: "a", newName: "b" },
      output: {
        unifiedDiff: "--- a\n+++ b\n@@ -1,4 +1,5 @@\n apple\n-banana\n+blueberry\n cherry\n date\n+elderberry\n",
        additions: 2,
        deletions: 1,
        identical: false,
      },
    },
    {
      title: "Two hunks with one line of context",
      source: "GNU diffutils: diff -U 1 --label old.txt --label new.txt old new",
      input: {
        oldText: "line1\nline2\nline3\nline4\nline5\nline6\nline7\nline8\nline9\nline10\n",
        newText: "line1\nline2 changed\nline3\nline4\nline5\nline6\nline7\nline8\nline9 changed\nline10\n",
        context: 1,
        oldName: "old.txt",
        newName: "new.txt",
      },
      output: {
        unifiedDiff:
          "--- old.txt\n+++ new.txt\n@@ -1,3 +1,3 @@\n line1\n-line2\n+line2 changed\n line3\n@@ -8,3 +8,3 @@\n line8\n-line9\n+line9 changed\n line10\n",
        additions: 2,
        deletions: 2,
        identical: false,
      },
    },
    {
      title: "Missing final newline",
      source: "GNU diffutils: diff -u --label a --label b on files without a trailing newline",
      input: { oldText: "x\ny", newText: "x\nz", context: 3, oldName: "a", newName: "b" },
      output: {
        unifiedDiff: "--- a\n+++ b\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+z\n\\ No newline at end of file\n",
        additions: 1,
        deletions: 1,
        identical: false,
      },
    },
    {
      title: "Identical texts give an empty diff",
      source: "GNU diffutils: diff -u prints nothing for identical files",
      input: { oldText: "same\n", newText: "same\n", context: 3, oldName: "a", newName: "b" },
      output: { unifiedDiff: "", additions: 0, deletions: 0, identical: true },
    },
  ],
  worker: true,
  timeoutMs: 10_000,
  run: async ({ oldText, newText, context, oldName, newName }: TextDiffInput) => {
    const { FILE_HEADERS_ONLY, formatPatch, structuredPatch } = await loadDiff();
    const patch = structuredPatch(oldName, newName, oldText, newText, undefined, undefined, {
      context,
      maxEditLength: MAX_EDIT_LENGTH,
      timeout: DIFF_TIMEOUT_MS,
    });
    if (patch === undefined) {
      const message = `The texts differ by more than ${MAX_EDIT_LENGTH} added or removed lines (or took over ${DIFF_TIMEOUT_MS} ms).`;
      return err(invalidInput([{ path: "/input/newText", message }], message));
    }
    if (patch.hunks.length === 0) return ok({ unifiedDiff: "", additions: 0, deletions: 0, identical: true });
    // Same as createTwoFilesPatch(…, { headerOptions: FILE_HEADERS_ONLY }), without diffing twice for the counts.
    return ok({ unifiedDiff: formatPatch(patch, FILE_HEADERS_ONLY), ...countChanges(patch), identical: false });
  },
});
