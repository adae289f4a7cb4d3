import { type DomainError } from "../../../domain/errors.ts";
import { type Result } from "../../../domain/result.ts";
import { cappedOutput } from "../output-cap.ts";
/** Parses JSON text, turning a syntax error or nesting past MAX_NESTING (checked first, in linear time) into a refusal of `field`. */
export declare function parseJsonField(text: string, field: string): Result<unknown, DomainError>;
/**
 * Serialises a parsed document as JSON text. NaN and ±Infinity (YAML `.inf`, TOML `nan`) have no JSON form and
 * JSON.stringify would silently write null, so they are refused instead; so is nesting too deep to serialise.
 * `dateText` formats Date members (their toJSON result is replaced).
 */
export declare function toJsonText(value: unknown, indent: number, field: string, dateText?: (date: Date) => string): Result<string, DomainError>;
/** Whether a value is a plain JSON object (not an array, not null). */
export declare function isJsonObject(value: unknown): value is Record<string, unknown>;
/**
 * The refusal when writing `value` with `indent` spaces a level would pass MAX_OUTPUT_CHARS on indentation alone.
 * Each line repeats its depth's indentation, so 1 MiB of `1,` 64 levels deep at indent 10 would print 320 MB; this
 * counts it in one walk of the parsed value (no recursion) before anything is written.
 */
export declare function indentationRefusal(value: unknown, indent: number, field: string): DomainError | undefined;
/** `text` as output when within MAX_OUTPUT_CHARS. */
export { cappedOutput };
