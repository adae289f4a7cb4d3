import { type Answer } from "../domain/answer.ts";
import type { ApiKey } from "../domain/api-key.ts";
import type { AuthenticateKey } from "./authenticate-key.ts";
import type { ConsumeRateLimit } from "./consume-rate-limit.ts";
import type { ExecuteTool } from "./execute-tool.ts";
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
export declare class ToolCall {
    private readonly deps;
    constructor(deps: {
        authenticateKey: AuthenticateKey;
        consumeRateLimit: ConsumeRateLimit;
        executeTool: ExecuteTool;
        onBug?: (error: unknown) => void;
    });
    /** Auth then rate limit. Throws StorageUnavailableError when storage cannot answer. */
    authorize(secret: string | undefined): Promise<{
        ok: true;
        call: AuthorizedCall;
    } | ({
        ok: false;
    } & RefusedCall)>;
    /** The tool checks, the run and the envelope for an authorized call; every answer carries its rate-limit headers. */
    run(call: AuthorizedCall, toolId: string, input: unknown): Promise<Answer>;
    /** The whole contract in one call. Never rejects: a storage outage is 503, a bug 500 (reported to `onBug`). */
    execute(cmd: ToolCallCommand): Promise<Answer>;
}
/** Fail closed: the request is neither authenticated nor counted, so it is refused. */
export declare function storageUnavailableAnswer(): Answer<never>;
export declare function isPlainObject(value: unknown): value is Record<string, unknown>;
