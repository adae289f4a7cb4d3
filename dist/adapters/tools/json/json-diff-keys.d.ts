/**
 * jsondiffpatch reads members with plain indexing, so keys shared with Object.prototype break it: a "__proto__"
 * change is silently lost and a "constructor" key throws. Every key is therefore prefixed with "$" for the diff
 * and the prefix is stripped from the resulting patch.
 */
export declare function escapeKeys(value: unknown): unknown;
/** Reverses escapeKeys; objects have no prototype so a "__proto__" key stays an ordinary member. */
export declare function unescapeKeys(value: unknown): unknown;
/** Strips the "$" from object-key segments of a JSON Pointer; array indices never start with "$". */
export declare function unescapePointer(pointer: string): string;
/**
 * An upper bound on the LCS matrix cells jsondiffpatch (matchByPosition) will fill: for each pair of arrays it
 * compares, the product of their lengths after the common head and tail are trimmed. Stops counting past `limit`.
 */
export declare function countLcsCells(left: unknown, right: unknown, limit: number): number;
