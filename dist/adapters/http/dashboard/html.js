const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Escapes text for element content and quoted attribute values. */
export const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]);
const isSafe = (value) => typeof value === "object" && value !== null && "__html" in value;
function renderValue(value) {
    if (value === undefined || value === null || value === false)
        return "";
    if (isSafe(value))
        return value.__html;
    if (Array.isArray(value))
        return value.map(renderValue).join("");
    return escapeHtml(String(value));
}
/**
 * A template tag that escapes every interpolated value unless it is itself `html` output, so a key named
 * `<script>alert(1)</script>` is always shown as text. Arrays are joined; null, undefined and false render nothing.
 */
export function html(strings, ...values) {
    let out = strings[0];
    for (let i = 0; i < values.length; i++)
        out += renderValue(values[i]) + strings[i + 1];
    return { __html: out };
}
