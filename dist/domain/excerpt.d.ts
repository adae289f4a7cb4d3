/**
 * At most `max` characters of `text`, ending in "…" when cut; never splits a surrogate pair, so the excerpt
 * stays well-formed Unicode.
 */
export declare function excerpt(text: string, max: number): string;
/** A short quoted excerpt of a user value, for error messages that name it: `"abc…"`. */
export declare function quote(value: string, max?: number): string;
