import { err, ok } from "../../../domain/result.js";
import { isPlainObject, readJsonBody } from "../request-body.js";
/**
 * The JSON object a session-API request sends (415, 413, 400 as for every JSON body). A body that is JSON but not
 * an object reads as `{}`, so its fields are reported missing (422) by the use case.
 */
export async function readJsonFields(event, maxBodyBytes) {
    const body = await readJsonBody(event.req, maxBodyBytes);
    if (!body.ok)
        return body;
    return ok(isPlainObject(body.value) ? body.value : {});
}
/** For a POST that needs no body (sign-out, revoke): only a body that is sent must be JSON. */
export async function refuseNonJsonBody(event, maxBodyBytes) {
    const length = event.req.headers.get("content-length");
    const hasBody = (length !== null && length !== "0") || event.req.headers.has("transfer-encoding");
    if (!hasBody)
        return ok(undefined);
    const body = await readJsonBody(event.req, maxBodyBytes);
    return body.ok ? ok(undefined) : err(body.error);
}
