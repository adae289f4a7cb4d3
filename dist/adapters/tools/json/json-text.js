import { invalidField } from "../../../domain/errors.js";
import { err, ok } from "../../../domain/result.js";
/** Parses JSON text, turning a syntax error into a refusal of `field`. */
export function parseJsonField(text, field) {
    try {
        return ok(JSON.parse(text));
    }
    catch (error) {
        return err(invalidField(field, `Invalid JSON: ${error.message}`));
    }
}
/**
 * Serialises a parsed document as JSON text. NaN and ±Infinity (YAML `.inf`, TOML `nan`) have no JSON form and
 * JSON.stringify would silently write null, so they are refused instead; so is nesting too deep to serialise.
 * `dateText` formats Date members (their toJSON result is replaced).
 */
export function toJsonText(value, indent, field, dateText) {
    let nonFinite = false;
    function replace(key, member) {
        const original = this[key];
        if (dateText && original instanceof Date)
            return dateText(original);
        if (typeof member === "number" && !Number.isFinite(member))
            nonFinite = true;
        return member;
    }
    try {
        const text = JSON.stringify(value, replace, indent);
        if (nonFinite)
            return err(invalidField(field, "The document holds NaN or Infinity, which JSON cannot represent."));
        return ok(text ?? "null");
    }
    catch (error) {
        return err(invalidField(field, `The document cannot be written as JSON: ${error.message}`));
    }
}
/** Whether a value is a plain JSON object (not an array, not null). */
export function isJsonObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
