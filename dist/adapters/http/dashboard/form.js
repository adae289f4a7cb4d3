import { err, ok } from "../../../domain/result.js";
/** Dashboard forms are small; anything larger is refused before it is buffered. */
const MAX_FORM_BYTES = 16_384;
/** An application/x-www-form-urlencoded body, read with a size cap. */
export async function readForm(event) {
    const type = (event.req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded")
        return err("unsupported_media_type");
    if (Number(event.req.headers.get("content-length") ?? "0") > MAX_FORM_BYTES)
        return err("payload_too_large");
    const reader = event.req.body?.getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
        const next = await reader?.read();
        if (!next || next.done)
            break;
        total += next.value.byteLength;
        if (total > MAX_FORM_BYTES) {
            await reader?.cancel().catch(() => { });
            return err("payload_too_large");
        }
        chunks.push(next.value);
    }
    return ok(new URLSearchParams(Buffer.concat(chunks, total).toString("utf8")));
}
/**
 * Whether a state-changing request comes from a page of this site. Browsers send `Origin` on every form POST;
 * when present it must name this host (the port included). A missing Origin is left to the CSRF token.
 */
export function isSameOrigin(event) {
    const origin = event.req.headers.get("origin");
    if (origin === null)
        return true;
    if (origin === "null")
        return false;
    try {
        return new URL(origin).host === (event.req.headers.get("host") ?? event.url.host);
    }
    catch {
        return false;
    }
}
/** A trimmed text field, empty when absent. */
export const field = (form, name) => (form.get(name) ?? "").trim();
