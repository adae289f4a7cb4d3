/**
 * Escapes the same five characters as python's html.escape(quote=True), which makes a value safe as HTML/XML text
 * and inside a quoted attribute.
 */
export declare function escapeHtml(value: string): string;
