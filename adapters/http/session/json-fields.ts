import type { H3Event } from "h3";
import { err, ok, type Result } from "../../../domain/result.ts";
import type { WireError } from "../error-response.ts";
import { isPlainObject, readJsonBody } from "../request-body.ts";

/**
 * The JSON object a session-API request sends (415, 413, 400 as for every JSON body). JSON that is not an object
 * (`[]`, `42`, `null`) is 400 `invalid_request`: read as `{}` it would let a request whose fields are all optional
 * (a rotation, say) change state with its defaults.
 */
export async function readJsonFields(event: H3Event, maxBodyBytes: number): Promise<Result<Record<string, unknown>, WireError>> {
  const body = await readJsonBody(event.req, maxBodyBytes);
  if (!body.ok) return body;
  return isPlainObject(body.value) ? ok(body.value) : err(NOT_AN_OBJECT);
}

const NOT_AN_OBJECT: WireError = { code: "invalid_request", message: "The request body must be a JSON object." };

/**
 * Whether the request carries a body: on node:http by its framing (RFC 9112 §6.3: a request with neither
 * Content-Length nor Transfer-Encoding has none, whatever else it says), for a web Request (createApp's `fetch`) by
 * its own `body`.
 */
export function sendsBody(event: H3Event): boolean {
  if (!event.runtime?.node) return event.req.body !== null;
  const length = event.req.headers.get("content-length");
  return (length !== null && length !== "0") || event.req.headers.has("transfer-encoding");
}

/** For a POST that needs no body (sign-out, revoke): only a body that is sent must be JSON. */
export async function refuseNonJsonBody(event: H3Event, maxBodyBytes: number): Promise<Result<void, WireError>> {
  if (!sendsBody(event)) return ok(undefined);
  const body = await readJsonBody(event.req, maxBodyBytes);
  return body.ok ? ok(undefined) : err(body.error);
}

/** For a POST whose fields are all optional (rotate): no body at all reads as `{}`, a body sent must be a JSON object. */
export async function readOptionalJsonFields(event: H3Event, maxBodyBytes: number): Promise<Result<Record<string, unknown>, WireError>> {
  return sendsBody(event) ? readJsonFields(event, maxBodyBytes) : ok({});
}
