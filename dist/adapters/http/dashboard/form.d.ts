import type { H3Event } from "h3";
import { type Result } from "../../../domain/result.ts";
export type FormProblem = "unsupported_media_type" | "payload_too_large";
/** An application/x-www-form-urlencoded body, read with a size cap. */
export declare function readForm(event: H3Event): Promise<Result<URLSearchParams, FormProblem>>;
/**
 * Whether a state-changing request comes from a page of this site. Browsers send `Origin` on every form POST;
 * when present it must name this host (the port included). A missing Origin is left to the CSRF token.
 */
export declare function isSameOrigin(event: H3Event): boolean;
/** A trimmed text field, empty when absent. */
export declare const field: (form: URLSearchParams, name: string) => string;
