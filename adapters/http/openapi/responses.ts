import type { WireCode } from "../../../domain/error-table.ts";
import { createAjv, toIssues } from "../../tools/ajv-schema-validator.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { DEFAULT_MAX_BODY_BYTES } from "../request-body.ts";
import { headersOf, ref } from "./components.ts";

interface ErrorResponseSpec {
  /** The error_code of the example body. */
  readonly code: WireCode;
  readonly name: string;
  readonly description: string;
  readonly message: string;
}

/** One shared response per error status; the error_code enum of each comes from the ERRORS table. */
const ERROR_RESPONSES: Record<number, ErrorResponseSpec> = {
  400: { code: "invalid_request", name: "BadRequest", description: "The body is not JSON, not an object with an object member `input`, or the tool runs only in a browser.", message: 'The body must be a JSON object with an object member "input".' },
  401: { code: "unauthorized", name: "Unauthorized", description: "No valid credentials. Every missing, malformed, unknown, revoked or other-environment key gets this same body.", message: "A valid API key is required." },
  403: { code: "forbidden", name: "Forbidden", description: "Signed in, but the resource belongs to others or the member's role does not allow the action, or the `X-CSRF-Token` header is missing or wrong; on the execute routes, `forbidden_tool`: the key's scope does not include the tool.", message: "You do not have access to this resource." },
  404: { code: "not_found", name: "NotFound", description: "No such tool, route, workspace or key.", message: "Not found." },
  409: { code: "conflict", name: "Conflict", description: "The email address is already taken, the account already belongs to the most workspaces it may, the change would leave a workspace without an owner, or the invited address is a member already.", message: "An account with this email already exists." },
  413: { code: "payload_too_large", name: "PayloadTooLarge", description: "The body is larger than the deployment's `MAX_BODY_BYTES` (1 MiB by default).", message: `The request body is larger than ${DEFAULT_MAX_BODY_BYTES} bytes.` },
  415: { code: "unsupported_media_type", name: "UnsupportedMediaType", description: "The Content-Type is missing or not `application/json` (parameters such as `; charset=utf-8` are allowed).", message: "Content-Type must be application/json." },
  422: { code: "invalid_input", name: "InvalidInput", description: "The input breaks the schema or the tool refuses a value; `details` locate each problem.", message: "The input is invalid." },
  429: { code: "rate_limited", name: "RateLimited", description: "Too many requests: this key's requests for the current window are spent (or, on sign-up and sign-in, the attempts allowed per account and address; on session-API writes, the account's writes per 10 s); retry after `Retry-After` seconds.", message: "Rate limit exceeded; retry after the window resets." },
  500: { code: "internal_error", name: "InternalError", description: "A bug; the body never carries a stack trace or internals.", message: "An internal error occurred." },
  503: { code: "service_unavailable", name: "ServiceUnavailable", description: "Storage is unreachable (the request is refused, never run unauthenticated) or the tool worker queue is full.", message: "Storage is unavailable; try again shortly." },
  504: { code: "tool_timeout", name: "ToolTimeout", description: "The tool ran past its time cap and was stopped; the server keeps serving.", message: "The tool ran longer than its limit and was stopped." },
};

/** Statuses whose answer always names when to retry. */
const RETRY_AFTER = new Set([429, 503]);

/** Response components for every error status, in two flavours: with and without the rate-limit headers. */
export function errorResponseComponents(): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(ERROR_RESPONSES)) {
    const status = Number(key);
    const body = exampleBody(status, spec);
    const content = { "application/json": { schema: ref("schemas", `Error${status}`), example: body } };
    const retryAfter = RETRY_AFTER.has(status);
    components[spec.name] = { description: spec.description, headers: headersOf({ metered: false, retryAfter }), content };
    // 401 comes before the rate limit is consulted, so it never carries the rate-limit headers.
    if (status !== 401) components[`${spec.name}WithRateLimit`] = { description: spec.description, headers: headersOf({ metered: true, retryAfter }), content };
  }
  return components;
}

/** `$ref`s to the shared error responses of `statuses`; `metered` routes carry the rate-limit headers. */
export function errorResponses(statuses: readonly number[], options: { metered: boolean }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const status of statuses) {
    const spec = ERROR_RESPONSES[status];
    if (!spec) throw new Error(`no shared response for status ${status}`);
    const plain = status === 401 || !options.metered;
    out[String(status)] = ref("responses", plain ? spec.name : `${spec.name}WithRateLimit`);
  }
  return out;
}

function exampleBody(status: number, { code, message }: ErrorResponseSpec): Record<string, unknown> {
  const body: Record<string, unknown> = { status: "error", code: status, error_code: code, message };
  if (code === "invalid_input") body.details = invalidInputExample();
  return body;
}

/** The 422 example's `details`: what the server's own validator says to a hash-text input with a wrong algorithm and a number for text. */
function invalidInputExample(): { path: string; message: string }[] {
  const validate = createAjv().compile(hashText.input);
  validate({ algorithm: "sha999", text: 42 });
  return toIssues(validate.errors ?? [], "/input");
}
