import type { InputIssue } from "../domain/errors.ts";
import { checkPasswordStrength } from "../domain/password.ts";
import type { PasswordRater } from "./ports.ts";

/**
 * The refusal of a new password (sign-up, and any later change or reset) that is too easy to guess, in the rater's
 * words; empty when it is strong enough. The account's email and its parts count as words a guesser knows. Run after
 * the caller's attempt limit: the estimate costs CPU (up to ~0.1 s for a hostile 64-character text).
 */
export async function checkNewPassword(rater: PasswordRater, password: string, email: string): Promise<InputIssue[]> {
  const [local = "", domain = ""] = email.split("@");
  const userInputs = [email, local, ...local.split(/[._+-]/), ...domain.split(".")].filter((word) => word.length >= 3);
  const refused = checkPasswordStrength(await rater.rate(password, userInputs));
  return refused ? [refused] : [];
}
