import { type DomainError } from "../../../domain/errors.ts";
/** Block containers (`>`, list items) one line may open, as in markdown-it's CommonMark preset; past it: a 422. */
export declare const MAX_MARKDOWN_NESTING = 20;
/**
 * markdown-it's own `maxNesting`: the containers plus the paragraph and inline level inside the deepest one (at 20
 * the innermost paragraph was dropped). Past it inline spans render as text. It also bounds the link-label scan,
 * which on 250,000 `[` took 1.3 s at the default 100 and 0.35 s at 20 (measured here).
 */
export declare const MARKDOWN_IT_MAX_NESTING: number;
/** Lines one document may hold: markdown-it spends ≈ 10 µs a line (500,000 short lines took 4.4 s here, a table row more). */
export declare const MAX_MARKDOWN_LINES = 50000;
/**
 * Characters that start inline syntax (emphasis, links, code spans, autolinks, entities, escapes). Each costs
 * markdown-it's inline rules up to ≈ 5 µs: 1 MiB of `**_` took 5 s here.
 */
export declare const MAX_MARKDOWN_INLINE_MARKERS = 100000;
/**
 * Refuses more than MAX_MARKDOWN_INLINE_MARKERS inline markers, more than MAX_MARKDOWN_LINES lines, or a line opening more than MAX_MARKDOWN_NESTING block containers (`> > - 1. …`), which markdown-it would
 * otherwise render silently flattened. Deeper nesting by indentation alone stays bounded by `maxNesting`.
 */
export declare function markdownCostRefusal(markdown: string, field: string): DomainError | undefined;
