import type { ToolApiErrorInit } from "./errors.ts";
import { retryAfterSeconds } from "./retry.ts";
import type { Reply } from "./transport.ts";
import type { InputIssue } from "./types.ts";

/** The `data` of a success envelope, or undefined when the body is not one. */
export function readSuccessData(reply: Reply): Record<string, unknown> | undefined {
  const envelope = parseJson(reply.text);
  return isObject(envelope) && envelope.status === "success" && isObject(envelope.data) ? envelope.data : undefined;
}

/** What a failed answer says of itself in its error envelope; `invalid_response` when it has none. Not yet redacted. */
export function readFailure(reply: Reply): ToolApiErrorInit {
  const envelope = parseJson(reply.text);
  const known = isObject(envelope) && typeof envelope.error_code === "string" && typeof envelope.message === "string";
  return {
    status: reply.status,
    errorCode: known ? (envelope.error_code as string) : "invalid_response",
    message: known ? (envelope.message as string) : `HTTP ${reply.status} without an error envelope`,
    details: known && Array.isArray(envelope.details) ? (envelope.details as InputIssue[]) : undefined,
    requestId: requestIdOf(reply),
    retryAfterSeconds: retryAfterSeconds(reply.status, reply.headers),
  };
}

/** The server's `X-Request-Id`, to quote in a support request. */
export function requestIdOf(reply: Reply): string | undefined {
  return reply.headers.get("x-request-id") ?? undefined;
}

/** The body as JSON, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
