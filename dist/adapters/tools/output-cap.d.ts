import { type DomainError } from "../../domain/errors.ts";
import { type Result } from "../../domain/result.ts";
/**
 * The most characters one text output may hold (8 Mi). Linear formatters stay under it for any input the 1 MiB body
 * allows (1 MiB of JSON re-indented by 10 spaces is ≈ 7 Mi); it stops the converters whose output grows faster.
 */
export declare const MAX_OUTPUT_CHARS: number;
/** `text` as the output, or a refusal of `field` naming the cap when the output would be larger. */
export declare function cappedOutput(text: string, field: string, limit?: number): Result<string, DomainError>;
export declare function outputTooLarge(field: string, limit?: number): DomainError;
