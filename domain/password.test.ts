import { describe, expect, it } from "vitest";
import { checkPasswordCharacters, checkPasswordStrength, MIN_PASSWORD_SCORE } from "./password.ts";

describe("checkPasswordCharacters", () => {
  it.each([
    ["\u0000".repeat(12), "contains control characters (U+0000 at 1): type it without them"],
    ["correct horse\u001b[2J", "contains control characters (U+001B at 14): type it without them"],
    ["correct horse\u007f", "contains control characters (U+007F at 14): type it without them"],
    ["correct horse\u0085x", "contains control characters (U+0085 at 14): type it without them"],
    ["correct horse\u2028x", "contains control characters (U+2028 at 14): type it without them"],
    ["😀 correct\ud800 horse", "must be well-formed Unicode (a lone surrogate U+D800 at 10)"],
  ])("refuses %j: %s", (password, message) => {
    expect(checkPasswordCharacters(password)).toEqual({ path: "/password", message });
  });

  it.each([" ".repeat(12), "correct horse battery", "mot de passe très long ✓", "סיסמה ארוכה מאוד", "a\u202eb right-to-left", "👩‍💻 emoji joiners"])(
    "leaves %j to the strength check", (password) => {
      expect(checkPasswordCharacters(password)).toBeUndefined();
    });
});

describe("checkPasswordStrength", () => {
  it.each([
    [{ score: 0, warning: "Repeated characters like \"aaa\" are easy to guess.", suggestions: ["Add more words that are less common."] },
      "is too easy to guess (strength 0 of 4, at least 3 needed): Repeated characters like \"aaa\" are easy to guess. Add more words that are less common."],
    [{ score: 2, warning: null, suggestions: [] }, "is too easy to guess (strength 2 of 4, at least 3 needed): Add more words that are less common."],
  ])("refuses a score below %o naming why", (estimate, message) => {
    expect(checkPasswordStrength(estimate)).toEqual({ path: "/password", message });
  });

  it.each([MIN_PASSWORD_SCORE, 4])("accepts a score of %i", (score) => {
    expect(checkPasswordStrength({ score, warning: null, suggestions: [] })).toBeUndefined();
  });
});
