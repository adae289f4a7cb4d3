/**
 * Scripts and styles only from this server's own files, no inline code, no framing, no foreign form targets.
 * Together with escaping, an injected `<script>` can neither run nor load anything.
 */
export const CONTENT_SECURITY_POLICY = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
].join("; ");
/** Headers every dashboard response carries. Pages hold account data, so nothing is cached. */
export const PAGE_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-frame-options": "DENY",
    // same-origin, not no-referrer: under no-referrer browsers send `Origin: null` on form POSTs, defeating the origin check.
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
    "cache-control": "no-store",
};
/** An HTML page with the security headers; extra headers may repeat (several Set-Cookie lines). */
export function htmlResponse(page, status = 200, extra = []) {
    const headers = new Headers({ ...PAGE_HEADERS, "content-type": "text/html; charset=utf-8" });
    for (const [name, value] of extra)
        headers.append(name, value);
    return new Response(page.__html, { status, headers });
}
/** 303 See Other: after a form POST the browser GETs `location`, so a reload never repeats the POST. */
export function seeOther(location, extra = []) {
    const headers = new Headers({ ...PAGE_HEADERS, location });
    for (const [name, value] of extra)
        headers.append(name, value);
    return new Response(null, { status: 303, headers });
}
