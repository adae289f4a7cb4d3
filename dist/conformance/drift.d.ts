import type { Document } from "./expectations.ts";
/** Where the served document differs from this checkout's. */
export interface Drift {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changedSchemas: readonly string[];
    readonly addedSchemas: readonly string[];
    readonly removedSchemas: readonly string[];
}
/** Operations added or removed, and component schemas added, removed or changed (compared as canonical JSON). */
export declare function driftOf(served: Document, local: Document): Drift;
export declare function hasDrift(drift: Drift): boolean;
/** The drift section of the summary. */
export declare function formatDrift(drift: Drift): string[];
