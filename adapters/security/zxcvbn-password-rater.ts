import type { PasswordRater } from "../../application/ports.ts";
import type { PasswordEstimate } from "../../domain/password.ts";
import { loadZxcvbn } from "./zxcvbn.ts";

/**
 * How much of a password is estimated. zxcvbn's matching grows faster than the length and runs on the event loop:
 * a hostile 64-character text costs ~0.1 s of CPU here, 128 characters ~0.33 s, 256 ~0.8 s. A password whose first 64
 * characters are hard to guess is hard to guess; one whose first 64 are easy is refused even if longer.
 */
export const MAX_RATED_LENGTH = 64;

/** New passwords' strength, by zxcvbn-ts in this process (the password-strength tool's setup). */
export class ZxcvbnPasswordRater implements PasswordRater {
  async rate(password: string, userInputs: readonly string[]): Promise<PasswordEstimate> {
    const rated = [...password].slice(0, MAX_RATED_LENGTH).join("");
    const result = (await loadZxcvbn()).check(rated, [...userInputs]);
    return { score: result.score, warning: result.feedback.warning, suggestions: [...result.feedback.suggestions] };
  }
}
