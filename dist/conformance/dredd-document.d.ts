import type { ConformanceCase } from "./expectations.ts";
/**
 * The Dredd input: one OpenAPI operation per case, so each case is exactly one transaction with its own request
 * example (Dredd 14 sends only the first example of a media type, and pairs it with every documented response).
 * Operations that share a route differ by `?case=<id>`, which the server ignores. The published document stays
 * clean; this one is generated from it for each run.
 */
export declare function toDreddDocument(cases: readonly ConformanceCase[]): Record<string, unknown>;
/**
 * JSON text that Dredd's YAML-based parser reads back with the same values: YAML 1.1 takes `5e-324` (an exponent
 * without a dot, as JSON.stringify writes it) for a string, so such numbers are written `5.0e-324`.
 */
export declare function toDreddJson(value: unknown): string;
/** The case id a transaction carries in its URI. */
export declare function caseIdOf(uri: string): string | undefined;
