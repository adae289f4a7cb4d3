import type { DocumentTool } from "./document-tools.ts";
import { type ConformanceCase, type Document } from "./expectations.ts";
export interface ApiCaseOptions {
    readonly document: Document;
    /** The server tools the document describes. */
    readonly tools: readonly DocumentTool[];
    /** A client-only tool id from the served catalog, if there is one. */
    readonly clientOnlyTool?: string;
    /** The target's MAX_BODY_BYTES: the 413 case sends one byte more. */
    readonly maxBodyBytes: number;
    /** Why the 429 cases cannot run (no rate-limited key), if so. */
    readonly skipRateLimited?: string;
}
/** Every tool example (200), and per tool path: 401 without a key and 422 (400 and 415 on the first tool's path). */
export declare function toolCases(options: ApiCaseOptions): ConformanceCase[];
/** The generic execute route and its alias: every status they document that a client can provoke. */
export declare function genericExecuteCases(options: ApiCaseOptions): ConformanceCase[];
/** The catalog, the calling key, health and the document itself. */
export declare function coreCases(options: ApiCaseOptions): ConformanceCase[];
