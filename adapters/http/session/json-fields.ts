import type { H3Event } from "h3";
import { err, ok, type Result } from "../../../domain/result.ts";
import type { WireError } from "../error-response.ts";
import { isPlainObject, readJsonBody } from "../request-body.ts";

/**
 * The JSON object a session-API request sends (415, 413, 400 as for every JSON body). A body that is JSON but not
 * an object reads as `{}`, so its fields are reported missing (422) by the use case.
 */
export async function readJsonFields(event: H3Event, maxBodyBytes: number): Promise<Result<Record<string, unknown>, WireError>> {
  const body = await readJsonBody(event.req, maxBodyBytes);
  if (!body.ok) return body;
  return ok(isPlainObject(body.value) ? body.value : {});
}

/** For a POST that needs no body (sign-out, revoke): only a body that is sent must be JSON. */
export async function refuseNonJsonBody(event: H3Event, maxBodyBytes: number): Promise<Result<void, WireError>> {
  const length = event.req.headers.get("content-length");
  const hasBody = (length !== null && length !== "0") || event.req.headers.has("transfer-encoding");
  if (!hasBody) return ok(undefined);
  const body = await readJsonBody(event.req, maxBodyBytes);
  return body.ok ? ok(undefined) : err(body.error);
}
