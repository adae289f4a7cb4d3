/**
 * The longest string (in code points, as JSON Schema counts) a fully anchored pattern can match, or undefined
 * when the pattern is not anchored at both ends or can match without bound (`*`, `+`, `{n,}`, backreferences).
 * Lets the document state the length cap that a pattern such as `^[A-Z]{2}$` already enforces.
 */
export declare function maxPatternLength(pattern: string): number | undefined;
