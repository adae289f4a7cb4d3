/**
 * At most `max` characters of `text`, ending in "…" when cut; never splits a surrogate pair, so the excerpt
 * stays well-formed Unicode.
 */
export function excerpt(text, max) {
    if (text.length <= max)
        return text;
    let end = max - 1;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff)
        end -= 1;
    return `${text.slice(0, end)}…`;
}
/** A short quoted excerpt of a user value, for error messages that name it: `"abc…"`. */
export function quote(value, max = 40) {
    return JSON.stringify(excerpt(value, max));
}
