import type { Document } from "./expectations.ts";
/** Where a deployment serves its document. */
export declare const DOCUMENT_PATH = "/api/v1/openapi.json";
/**
 * Fetches the deployment's OpenAPI document and validates it as OpenAPI 3.0.x (swagger-parser: structure and
 * $refs). Throws with a plain message when it is missing, not JSON, not 3.0.x or invalid: nothing can be judged then.
 */
export declare function loadServedDocument(baseUrl: string): Promise<Document>;
/**
 * The largest body the deployment accepts, where its document states it (`x-max-body-bytes` on `info` or on an
 * execute operation's request body); undefined when it does not.
 */
export declare function bodyLimitOf(document: Document): number | undefined;
