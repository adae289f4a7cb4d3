import type { InputIssue } from "./errors.ts";
import { err, ok, type Result } from "./result.ts";

/**
 * The rule for every user-chosen name (key names, workspace names): a name is shown in terminals, tables and
 * pages, so it may not carry characters that act instead of showing. Refused, as the wire message calls them:
 * - control: C0 (U+0000–U+001F), DEL (U+007F), C1 (U+0080–U+009F), and the line and paragraph separators
 *   U+2028/U+2029 (they clear the screen, forge lines or break a line where none is shown);
 * - bidirectional-override: the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and the
 *   invisible marks U+200E, U+200F, U+061C (a name shown as "exe.png" that is "gnp.exe"; the marks are refused
 *   too: they are invisible, and a label of at most 64 characters has no need to steer the bidi algorithm);
 * - a lone surrogate (U+D800–U+DFFF outside a pair): not Unicode text at all.
 * Everything else is allowed, emoji joiners and right-to-left scripts included.
 */
export type UnsafeKind = "control" | "bidirectional-override" | "lone surrogate";

/** A refused character: its code point and its 1-based position, in code points, in the text as given. */
export interface UnsafeCharacter {
  readonly codePoint: number;
  readonly position: number;
  readonly kind: UnsafeKind;
}

const BIDI_MARKS = new Set([0x061c, 0x200e, 0x200f]);

/** Why a code point may not appear in a name, or undefined when it may. */
export function unsafeKindOf(codePoint: number): UnsafeKind | undefined {
  if (codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f) || codePoint === 0x2028 || codePoint === 0x2029) return "control";
  if ((codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069) || BIDI_MARKS.has(codePoint)) {
    return "bidirectional-override";
  }
  // A paired surrogate iterates as one astral code point, so any surrogate seen here stands alone.
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return "lone surrogate";
  return undefined;
}

/** The first refused character of `text`, or undefined when there is none. */
export function findUnsafeCharacter(text: string): UnsafeCharacter | undefined {
  let position = 0;
  for (const char of text) {
    position += 1;
    const codePoint = char.codePointAt(0) as number;
    const kind = unsafeKindOf(codePoint);
    if (kind) return { codePoint, position, kind };
  }
  return undefined;
}

/** `U+001B`: how the Unicode standard writes a code point. */
export const toCodePointLabel = (codePoint: number): string => `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;

function describeUnsafe(found: UnsafeCharacter): string {
  const where = `(found ${toCodePointLabel(found.codePoint)} at ${found.position})`;
  return found.kind === "lone surrogate"
    ? `must be well-formed Unicode: no lone surrogates ${where}`
    : `must not contain control or bidirectional-override characters ${where}`;
}

/**
 * A user-chosen name, trimmed, of 1 to `maxLength` code points (JSON Schema's `maxLength` unit) with no refused
 * character, or the problem with it at `path`. Characters are checked in the text as sent, before trimming, so
 * the position in the message points into what the caller sent and a trailing newline is refused, not hidden.
 */
export function checkDisplayName(raw: unknown, maxLength: number, path = "/name"): Result<string, InputIssue> {
  const lengthIssue = { path, message: `must be 1 to ${maxLength} characters` };
  if (typeof raw !== "string") return err(lengthIssue);
  const unsafe = findUnsafeCharacter(raw);
  if (unsafe) return err({ path, message: describeUnsafe(unsafe) });
  const name = raw.trim();
  const length = [...name].length;
  return length < 1 || length > maxLength ? err(lengthIssue) : ok(name);
}

/**
 * `text` with every refused character written as `\u{1B}`, for a terminal: names stored before the rule (or by
 * another writer) still print as one visible line.
 */
export function escapeDisplayName(text: string): string {
  let escaped = "";
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    escaped += unsafeKindOf(codePoint) ? `\\u{${codePoint.toString(16).toUpperCase()}}` : char;
  }
  return escaped;
}

/** The rule in one sentence, for the API description of every name field. */
export const DISPLAY_NAME_RULE =
  "Refused with 422 `invalid_input` (the detail names the code point and its 1-based position): control characters " +
  "(U+0000–U+001F, U+007F–U+009F, U+2028, U+2029), bidirectional overrides, isolates and marks (U+202A–U+202E, " +
  "U+2066–U+2069, U+200E, U+200F, U+061C) and lone surrogates. Leading and trailing spaces are trimmed.";
