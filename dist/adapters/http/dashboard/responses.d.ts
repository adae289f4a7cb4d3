import type { SafeHtml } from "./html.ts";
/**
 * Scripts and styles only from this server's own files, no inline code, no framing, no foreign form targets.
 * Together with escaping, an injected `<script>` can neither run nor load anything.
 */
export declare const CONTENT_SECURITY_POLICY: string;
/** Headers every dashboard response carries. Pages hold account data, so nothing is cached. */
export declare const PAGE_HEADERS: Readonly<Record<string, string>>;
type HeaderList = readonly (readonly [string, string])[];
/** An HTML page with the security headers; extra headers may repeat (several Set-Cookie lines). */
export declare function htmlResponse(page: SafeHtml, status?: number, extra?: HeaderList): Response;
/** 303 See Other: after a form POST the browser GETs `location`, so a reload never repeats the POST. */
export declare function seeOther(location: string, extra?: HeaderList): Response;
export {};
