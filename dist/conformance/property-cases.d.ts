import type { DocumentTool } from "./document-tools.ts";
import { type ConformanceCase, type Document } from "./expectations.ts";
export interface PropertyOptions {
    readonly document: Document;
    readonly tools: readonly DocumentTool[];
    readonly seed: number;
    /** At most this many cases in all, spread over the tools round by round. */
    readonly maxCases: number;
}
/**
 * Property cases for every execute operation. A schema-valid input must get 200, or 422 `invalid_input` where the
 * operation documents 422 (the tool's own refusal of a value its schema allows, such as a malformed regex; the
 * contract names 422 for "the tool refuses the value"). A schema-invalid input must get 422 or another documented
 * 4xx that is about the request. Nothing may get a 5xx.
 */
export declare function propertyCases(options: PropertyOptions): ConformanceCase[];
