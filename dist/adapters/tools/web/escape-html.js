const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/**
 * Escapes the same five characters as python's html.escape(quote=True), which makes a value safe as HTML/XML text
 * and inside a quoted attribute.
 */
export function escapeHtml(value) {
    return value.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}
