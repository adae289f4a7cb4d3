import { invalidField } from "../../../domain/errors.js";
/** Block containers (`>`, list items) one line may open, as in markdown-it's CommonMark preset; past it: a 422. */
export const MAX_MARKDOWN_NESTING = 20;
/**
 * markdown-it's own `maxNesting`: the containers plus the paragraph and inline level inside the deepest one (at 20
 * the innermost paragraph was dropped). Past it inline spans render as text. It also bounds the link-label scan,
 * which on 250,000 `[` took 1.3 s at the default 100 and 0.35 s at 20 (measured here).
 */
export const MARKDOWN_IT_MAX_NESTING = MAX_MARKDOWN_NESTING + 2;
/** Lines one document may hold: markdown-it spends ≈ 10 µs a line (500,000 short lines took 4.4 s here, a table row more). */
export const MAX_MARKDOWN_LINES = 50_000;
/**
 * Characters that start inline syntax (emphasis, links, code spans, autolinks, entities, escapes). Each costs
 * markdown-it's inline rules up to ≈ 5 µs: 1 MiB of `**_` took 5 s here.
 */
export const MAX_MARKDOWN_INLINE_MARKERS = 100_000;
const INLINE_MARKERS = new Set("*_~[]!`<&\\");
const CONTAINER_MARKER = /^ {0,3}(?:>[ \t]?|[-+*][ \t]+|\d{1,9}[.)][ \t]+)/;
/**
 * Refuses more than MAX_MARKDOWN_INLINE_MARKERS inline markers, more than MAX_MARKDOWN_LINES lines, or a line opening more than MAX_MARKDOWN_NESTING block containers (`> > - 1. …`), which markdown-it would
 * otherwise render silently flattened. Deeper nesting by indentation alone stays bounded by `maxNesting`.
 */
export function markdownCostRefusal(markdown, field) {
    let markers = 0;
    for (const char of markdown)
        if (INLINE_MARKERS.has(char))
            markers++;
    if (markers > MAX_MARKDOWN_INLINE_MARKERS) {
        return invalidField(field, `The Markdown has more than ${MAX_MARKDOWN_INLINE_MARKERS} inline markers (* _ ~ [ ] ! \` < & \\).`);
    }
    let lines = 0;
    for (let start = 0; start < markdown.length;) {
        if (++lines > MAX_MARKDOWN_LINES)
            return invalidField(field, `The Markdown has more than ${MAX_MARKDOWN_LINES} lines.`);
        const end = markdown.indexOf("\n", start);
        const stop = end === -1 ? markdown.length : end;
        if (containerDepth(markdown, start, stop) > MAX_MARKDOWN_NESTING) {
            return invalidField(field, `The Markdown has nesting deeper than ${MAX_MARKDOWN_NESTING} levels (block quotes and lists).`);
        }
        start = stop + 1;
    }
    return undefined;
}
function containerDepth(text, start, stop) {
    let depth = 0;
    let at = start;
    while (at < stop && depth <= MAX_MARKDOWN_NESTING) {
        // Markers are short: a window of 16 characters always holds the next one whole.
        const match = CONTAINER_MARKER.exec(text.slice(at, Math.min(stop, at + 16)));
        if (!match)
            break;
        depth++;
        at += match[0].length;
    }
    return depth;
}
