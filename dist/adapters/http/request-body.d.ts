import { type Result } from "../../domain/result.ts";
import type { WireError } from "./error-response.ts";
/** Whether a Content-Type header names JSON (`application/json`, parameters allowed). */
export declare function isJsonContentType(value: string | null): boolean;
/**
 * Reads and parses a JSON request body, refusing a wrong media type (415) and anything over `maxBytes` (413)
 * before it is buffered whole: the declared length is checked first, then the bytes as they stream in.
 */
export declare function readJsonBody(request: Request, maxBytes: number): Promise<Result<unknown, WireError>>;
/** The `input` object of an execute request, or invalid_request. */
export declare function readToolInput(body: unknown): Result<Record<string, unknown>, WireError>;
export declare function isPlainObject(value: unknown): value is Record<string, unknown>;
