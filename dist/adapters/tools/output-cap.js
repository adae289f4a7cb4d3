import { invalidField } from "../../domain/errors.js";
import { err, ok } from "../../domain/result.js";
/**
 * The most characters one text output may hold (8 Mi). Linear formatters stay under it for any input the 1 MiB body
 * allows (1 MiB of JSON re-indented by 10 spaces is ≈ 7 Mi); it stops the converters whose output grows faster.
 */
export const MAX_OUTPUT_CHARS = 8 * 1_048_576;
/** `text` as the output, or a refusal of `field` naming the cap when the output would be larger. */
export function cappedOutput(text, field, limit = MAX_OUTPUT_CHARS) {
    return text.length > limit ? err(outputTooLarge(field, limit)) : ok(text);
}
export function outputTooLarge(field, limit = MAX_OUTPUT_CHARS) {
    return invalidField(field, `The output would be larger than ${limit} characters.`);
}
