import { type DomainError } from "../../../domain/errors.ts";
import { type Result } from "../../../domain/result.ts";
/** Parses JSON text, turning a syntax error into a refusal of `field`. */
export declare function parseJsonField(text: string, field: string): Result<unknown, DomainError>;
/**
 * Serialises a parsed document as JSON text. NaN and ±Infinity (YAML `.inf`, TOML `nan`) have no JSON form and
 * JSON.stringify would silently write null, so they are refused instead; so is nesting too deep to serialise.
 * `dateText` formats Date members (their toJSON result is replaced).
 */
export declare function toJsonText(value: unknown, indent: number, field: string, dateText?: (date: Date) => string): Result<string, DomainError>;
/** Whether a value is a plain JSON object (not an array, not null). */
export declare function isJsonObject(value: unknown): value is Record<string, unknown>;
