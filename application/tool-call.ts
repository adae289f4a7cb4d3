import { type Answer, errorAnswer, rateLimitHeaders, successAnswer } from "../domain/answer.ts";
import type { ApiKey } from "../domain/api-key.ts";
import { type DomainError, invalidRequest, rateLimited } from "../domain/errors.ts";
import type { WindowHit } from "../domain/rate-limit.ts";
import type { AuthenticateKey } from "./authenticate-key.ts";
import type { CheckPackAccess } from "./check-pack-access.ts";
import type { ConsumeRateLimit } from "./consume-rate-limit.ts";
import type { ExecuteTool } from "./execute-tool.ts";
import type { CallerSignal } from "./ports.ts";
import { StorageUnavailableError } from "./storage-unavailable.ts";

/** A call that passed auth and the rate limit; `headers` (the rate-limit headers) go on every later answer. */
export interface AuthorizedCall {
  readonly key: ApiKey;
  readonly headers: Record<string, string>;
}

/** Why a call stopped before the tool: the answer, and for logs only the reason a key was refused. */
export interface RefusedCall {
  readonly answer: Answer<never>;
  readonly key?: ApiKey;
  readonly authFailure?: string;
}

export interface ToolCallCommand {
  readonly secret: string | undefined;
  readonly toolId: string;
  readonly input: unknown;
}

/**
 * The execute contract as one use case, in the contract's order: auth, then the rate limit, then the tool and
 * input checks, then the run, then the envelope. Its two steps are public so a transport can read the request body
 * between them (a request without a valid key learns nothing else, its body is never read).
 */
export class ToolCall {
  constructor(
    private readonly deps: {
      authenticateKey: AuthenticateKey; consumeRateLimit: ConsumeRateLimit; executeTool: ExecuteTool;
      /** Tool packs: whether the key's workspace may call the tool's pack (403 pack_not_enabled). */
      checkPackAccess?: CheckPackAccess;
      onBug?: (error: unknown) => void;
    },
  ) {}

  /**
   * Auth then rate limit; where the store can, the key's record is read and its unit counted in one storage operation.
   * Throws StorageUnavailableError when storage cannot answer.
   */
  async authorize(secret: string | undefined): Promise<{ ok: true; call: AuthorizedCall } | ({ ok: false } & RefusedCall)> {
    const auth = await this.deps.authenticateKey.execute({ secret, takeUnit: true });
    if (!auth.ok) return refusedAuth(auth.error);
    const { key, hit } = auth.value;
    // Nearly every call: its unit was counted with the key's read and admits it.
    const admitted = hit && this.deps.consumeRateLimit.admitted(key, hit);
    if (admitted) return { ok: true, call: { key, headers: rateLimitHeaders(admitted) } };
    return await this.admit(key, hit);
  }

  /**
   * Auth alone, no rate-limit unit taken: for requests that are not tool calls (MCP initialize, tools/list).
   * Throws StorageUnavailableError when storage cannot answer.
   */
  async authenticate(secret: string | undefined): Promise<{ ok: true; key: ApiKey } | ({ ok: false } & RefusedCall)> {
    const auth = await this.deps.authenticateKey.execute({ secret });
    return auth.ok ? { ok: true, key: auth.value } : refusedAuth(auth.error);
  }

  /**
   * Takes one unit of an authenticated key's rate limit (or decides with `hit`, the unit already counted while the
   * key was read): the call, or the 429 with its headers.
   */
  async admit(key: ApiKey, hit?: WindowHit): Promise<{ ok: true; call: AuthorizedCall } | ({ ok: false } & RefusedCall)> {
    const decision = await this.deps.consumeRateLimit.execute({ key, hit });
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) return { ok: false, key, answer: errorAnswer(rateLimited(decision.resetSeconds * 1000), headers) };
    return { ok: true, call: { key, headers } };
  }

  /**
   * The tool checks (the key's pack access, the input), the run and the envelope for an authorized call; every answer
   * carries its rate-limit headers. `signal`: whether the caller has left, so a task not yet started is dropped.
   */
  async run(call: AuthorizedCall, toolId: string, input: unknown, signal?: CallerSignal): Promise<Answer> {
    if (!isPlainObject(input)) {
      return errorAnswer(invalidRequest('The body must be a JSON object with an object member "input".'), call.headers);
    }
    const checked = this.deps.checkPackAccess?.execute({ key: call.key, toolId });
    const access = checked instanceof Promise ? await checked : checked;
    if (access && !access.ok) return errorAnswer(access.error, call.headers);
    const result = await this.deps.executeTool.execute({ toolId, input, key: call.key, signal });
    return result.ok ? successAnswer({ output: result.value.output }, 200, call.headers) : errorAnswer(result.error, call.headers);
  }

  /** The whole contract in one call. Never rejects: a storage outage is 503, a bug 500 (reported to `onBug`). */
  async execute(cmd: ToolCallCommand): Promise<Answer> {
    let headers: Record<string, string> = {};
    try {
      const authorized = await this.authorize(cmd.secret);
      if (!authorized.ok) return authorized.answer;
      headers = authorized.call.headers;
      return await this.run(authorized.call, cmd.toolId, cmd.input);
    } catch (error) {
      if (error instanceof StorageUnavailableError) return storageUnavailableAnswer();
      this.deps.onBug?.(error);
      return errorAnswer({ code: "internal_error", message: "An internal error occurred." }, headers);
    }
  }
}

/** The 401 (or other refusal) of a failed auth; the reason a key was refused goes to logs only. */
function refusedAuth(error: DomainError): { ok: false } & RefusedCall {
  const authFailure = error.code === "unauthorized" ? error.reason : undefined;
  return { ok: false, answer: errorAnswer(error), authFailure };
}

/** Fail closed: the request is neither authenticated nor counted, so it is refused. */
export function storageUnavailableAnswer(): Answer<never> {
  return errorAnswer({ code: "service_unavailable", message: "Storage is unavailable; try again shortly." }, { "retry-after": "1" });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
