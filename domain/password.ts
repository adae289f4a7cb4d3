import { toCodePointLabel, unsafeKindOf } from "./display-name.ts";
import type { InputIssue } from "./errors.ts";

/**
 * The lowest zxcvbn score (0–4) a new password may have. 3 is zxcvbn's "safely unguessable": at least 10^8 guesses,
 * far past what the sign-in throttles let anyone try online.
 */
export const MIN_PASSWORD_SCORE = 3;

/** What a strength estimator (zxcvbn) says of a password. */
export interface PasswordEstimate {
  /** 0 (too guessable) to 4 (very unguessable). */
  readonly score: number;
  /** Why it is guessable, in one sentence; null when the estimator names nothing. */
  readonly warning: string | null;
  /** What would make it stronger, one sentence each. */
  readonly suggestions: readonly string[];
}

/**
 * The refusal of a new password's characters, or undefined: control characters (C0, DEL, C1, U+2028/U+2029: a NUL
 * cuts a password short in other software, and none can be typed reliably) and lone surrogates (not text: two
 * different ones encode to the same bytes). Checked before the strength, which is costlier.
 */
export function checkPasswordCharacters(password: string): InputIssue | undefined {
  let position = 0;
  for (const char of password) {
    position += 1;
    const codePoint = char.codePointAt(0) as number;
    const kind = unsafeKindOf(codePoint);
    if (kind === "control") return { path: "/password", message: `contains control characters (${toCodePointLabel(codePoint)} at ${position}): type it without them` };
    if (kind === "lone surrogate") return { path: "/password", message: `must be well-formed Unicode (a lone surrogate ${toCodePointLabel(codePoint)} at ${position})` };
  }
  return undefined;
}

/** The refusal of a password estimated below MIN_PASSWORD_SCORE, naming why in the estimator's words; else undefined. */
export function checkPasswordStrength(estimate: PasswordEstimate): InputIssue | undefined {
  if (estimate.score >= MIN_PASSWORD_SCORE) return undefined;
  const why = [estimate.warning, ...estimate.suggestions].filter((text): text is string => !!text).join(" ") || "Add more words that are less common.";
  return { path: "/password", message: `is too easy to guess (strength ${estimate.score} of 4, at least ${MIN_PASSWORD_SCORE} needed): ${why}` };
}
