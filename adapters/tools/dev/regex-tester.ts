import type { RE2JS } from "re2js";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";
import { estimatedProgramSize, MAX_REGEX_PROGRAM, programTooLarge, workRefusal } from "./regex-limits.ts";

const loadRe2 = lazy(async () => {
  const { RE2JS } = await import("re2js");
  const flagBits: Readonly<Record<string, number>> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };
  return { RE2JS, flagBits };
});
const UNSUPPORTED = /\(\?<?[=!]|\\[1-9]|\\k</;

interface Input {
  pattern: string;
  flags: string;
  text: string;
  maxMatches: number;
}

interface Match {
  match: string;
  index: number;
  end: number;
  groups: (string | null)[];
  namedGroups: Record<string, string | null>;
}

/**
 * Patterns run on re2js (RE2 semantics, linear time): never on V8's backtracking RegExp, where `(a+)+$` on 26
 * characters takes seconds. Without `g` only the first match is returned. Indices count UTF-16 code units, as in JS.
 */
export const regexTester = defineTool({
  id: "regex-tester",
  name: "Regex Tester",
  category: "dev",
  worker: true,
  description: "Run an RE2-syntax regular expression against a text and list the matches.",
  input: {
    type: "object",
    required: ["pattern", "text"],
    additionalProperties: false,
    properties: {
      pattern: { type: "string", maxLength: 1000, "x-tool-checks": "a JavaScript regular expression within the tool's limits" },
      flags: { type: "string", pattern: "^[gims]{0,4}$", default: "" },
      text: { type: "string", maxLength: 102_400 },
      maxMatches: { type: "integer", minimum: 1, maximum: 1000, default: 100 },
    },
  },
  output: {
    type: "object",
    required: ["matches", "count"],
    additionalProperties: false,
    properties: {
      matches: {
        type: "array",
        items: {
          type: "object",
          required: ["match", "index", "end", "groups", "namedGroups"],
          additionalProperties: false,
          properties: {
            match: { type: "string" },
            index: { type: "integer" },
            end: { type: "integer" },
            groups: { type: "array", items: { type: ["string", "null"] } },
            namedGroups: { type: "object", additionalProperties: { type: ["string", "null"] } },
          },
        },
      },
      count: { type: "integer" },
    },
  },
  examples: [
    {
      title: "All ISO dates with named groups",
      source: "python3: [(m.group(), m.start(), m.end(), m.groups(), m.groupdict()) for m in re.finditer(r'(?P<year>\\d{4})-(?P<month>\\d\\d)', s)]",
      input: { pattern: "(?P<year>\\d{4})-(?P<month>\\d\\d)", flags: "g", text: "from 2024-01 to 2025-12", maxMatches: 100 },
      output: {
        matches: [
          { match: "2024-01", index: 5, end: 12, groups: ["2024", "01"], namedGroups: { year: "2024", month: "01" } },
          { match: "2025-12", index: 16, end: 23, groups: ["2025", "12"], namedGroups: { year: "2025", month: "12" } },
        ],
        count: 2,
      },
    },
    {
      title: "First match only, case-insensitive and multiline, with a group that did not take part",
      source: "python3: re.search(r'^(ab)?C$', 'x\\nc\\nABC', re.I | re.M) → 'c' at 2–3, groups (None,)",
      input: { pattern: "^(ab)?C$", flags: "im", text: "x\nc\nABC", maxMatches: 100 },
      output: { matches: [{ match: "c", index: 2, end: 3, groups: [null], namedGroups: {} }], count: 1 },
    },
    {
      title: "The ReDoS pattern (a+)+$ answers at once",
      source: "python3: re.search(r'(a+)+$', 'a' * 30 + '!') is None (RE2 gives the same answer in linear time)",
      input: { pattern: "(a+)+$", flags: "", text: `${"a".repeat(30)}!`, maxMatches: 100 },
      output: { matches: [], count: 0 },
    },
  ],
  run: async ({ pattern, flags, text, maxMatches }: Input) => {
    const estimate = estimatedProgramSize(pattern);
    if (estimate > MAX_REGEX_PROGRAM) return err(programTooLarge(estimate));
    const { RE2JS, flagBits } = await loadRe2();
    let regex: RE2JS;
    try {
      regex = RE2JS.compile(pattern, [...flags].reduce((bits, flag) => bits | (flagBits[flag] ?? 0), 0));
    } catch (error) {
      const hint = UNSUPPORTED.test(pattern) ? " RE2 supports neither backreferences nor lookaround." : "";
      return err(invalidField("pattern", `Invalid RE2 pattern: ${(error as Error).message}.${hint}`));
    }
    const tooCostly = workRefusal(regex.programSize(), text.length);
    if (tooCostly) return err(tooCostly);
    const limit = flags.includes("g") ? maxMatches : 1;
    const names = Object.entries(regex.namedGroups());
    const matcher = regex.matcher(text);
    const matches: Match[] = [];
    while (matches.length < limit && matcher.find()) {
      const groups = Array.from({ length: matcher.groupCount() }, (_, group) => matcher.group(group + 1));
      // Group names are user text ("__proto__" is a valid RE2 name): no prototype to write through.
      const namedGroups: Record<string, string | null> = Object.create(null);
      for (const [name, group] of names) namedGroups[name] = matcher.group(group);
      matches.push({ match: matcher.group() ?? "", index: matcher.start(), end: matcher.end(), groups, namedGroups });
    }
    return ok({ matches, count: matches.length });
  },
});
