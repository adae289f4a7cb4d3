import { RE2JS } from "re2js";
import { estimatedProgramSize } from "../adapters/tools/dev/regex-limits.ts";
import { limitFailure, PATTERN_LIMITS } from "./limits.ts";

/**
 * ajv's regular-expression engine for the suite: a deployment's `pattern`s run on RE2 (linear time), never on V8's
 * backtracking RegExp, where `^(a+)+$` against 30 characters runs for minutes. Each evaluation is also bounded
 * (program size × text length), and a pattern past either bound throws the limit's RunFailure, which ends the run.
 * ajv keys compiled patterns by `toString()`, so each wrapper prints its own pattern.
 */
export const linearRegExp = Object.assign(
  (pattern: string) => {
    const size = estimatedProgramSize(pattern);
    if (size > PATTERN_LIMITS.program) throw limitFailure("patternProgram", PATTERN_LIMITS.program, `a pattern compiles to about ${size.toLocaleString("en-US")}`);
    const regex = RE2JS.compile(pattern);
    return {
      test: (text: string) => {
        if (size * Math.max(1, text.length) > PATTERN_LIMITS.work) {
          throw limitFailure("patternWork", PATTERN_LIMITS.work, `a pattern of about ${size} instructions against a text of ${text.length} characters`);
        }
        return regex.test(text);
      },
      toString: () => `re2:${pattern}`,
    };
  },
  { code: "re2js" },
);
