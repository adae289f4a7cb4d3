import type { H3Event } from "h3";
import { type Result } from "../../../domain/result.ts";
import type { WireError } from "../error-response.ts";
/**
 * The JSON object a session-API request sends (415, 413, 400 as for every JSON body). A body that is JSON but not
 * an object reads as `{}`, so its fields are reported missing (422) by the use case.
 */
export declare function readJsonFields(event: H3Event, maxBodyBytes: number): Promise<Result<Record<string, unknown>, WireError>>;
/** For a POST that needs no body (sign-out, revoke): only a body that is sent must be JSON. */
export declare function refuseNonJsonBody(event: H3Event, maxBodyBytes: number): Promise<Result<void, WireError>>;
