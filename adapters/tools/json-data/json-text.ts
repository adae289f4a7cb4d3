import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { err, ok, type Result } from "../../../domain/result.ts";
import { JSON_SYNTAX, nestingRefusal, someNode } from "../nesting.ts";
import { cappedOutput, MAX_OUTPUT_CHARS, outputTooLarge } from "../output-cap.ts";

/** Parses JSON text, turning a syntax error or nesting past MAX_NESTING (checked first, in linear time) into a refusal of `field`. */
export function parseJsonField(text: string, field: string): Result<unknown, DomainError> {
  const tooDeep = nestingRefusal(text, field, JSON_SYNTAX);
  if (tooDeep) return err(tooDeep);
  try {
    return ok(JSON.parse(text));
  } catch (error) {
    return err(invalidField(field, `Invalid JSON: ${(error as Error).message}`));
  }
}

/**
 * Serialises a parsed document as JSON text. NaN and ±Infinity (YAML `.inf`, TOML `nan`) have no JSON form and
 * JSON.stringify would silently write null, so they are refused instead; so is nesting too deep to serialise.
 * `dateText` formats Date members (their toJSON result is replaced).
 */
export function toJsonText(
  value: unknown,
  indent: number,
  field: string,
  dateText?: (date: Date) => string,
): Result<string, DomainError> {
  let nonFinite = false;
  function replace(this: Record<string, unknown>, key: string, member: unknown): unknown {
    const original = this[key];
    if (dateText && original instanceof Date) return dateText(original);
    if (typeof member === "number" && !Number.isFinite(member)) nonFinite = true;
    return member;
  }
  const tooLarge = indentationRefusal(value, indent, field);
  if (tooLarge) return err(tooLarge);
  try {
    const text = JSON.stringify(value, replace, indent);
    if (text !== undefined && text.length > MAX_OUTPUT_CHARS) return err(outputTooLarge(field));
    if (nonFinite) return err(invalidField(field, "The document holds NaN or Infinity, which JSON cannot represent."));
    return ok(text ?? "null");
  } catch (error) {
    return err(invalidField(field, `The document cannot be written as JSON: ${(error as Error).message}`));
  }
}

/** Whether a value is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The refusal when writing `value` with `indent` spaces a level would pass MAX_OUTPUT_CHARS on indentation alone.
 * Each line repeats its depth's indentation, so 1 MiB of `1,` 64 levels deep at indent 10 would print 320 MB; this
 * counts it in one walk of the parsed value (no recursion) before anything is written.
 */
export function indentationRefusal(value: unknown, indent: number, field: string): DomainError | undefined {
  if (indent === 0) return undefined;
  let total = 0;
  const tooLarge = someNode(value, (_node, depth) => (total += depth * indent + 1) > MAX_OUTPUT_CHARS);
  return tooLarge ? outputTooLarge(field) : undefined;
}

/** `text` as output when within MAX_OUTPUT_CHARS. */
export { cappedOutput };
