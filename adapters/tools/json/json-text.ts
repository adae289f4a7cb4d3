import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { err, ok, type Result } from "../../../domain/result.ts";
import { JSON_SYNTAX, nestingRefusal } from "../nesting.ts";

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
  try {
    const text = JSON.stringify(value, replace, indent);
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
