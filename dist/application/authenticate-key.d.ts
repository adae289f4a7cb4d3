import { type ApiKey, type Environment } from "../domain/api-key.ts";
import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import type { ApiKeyStore, Clock } from "./ports.ts";
export interface AuthenticateKeyCommand {
    /** The raw key as sent by the client, or undefined when none was sent. */
    readonly secret: string | undefined;
}
/** Finds the active key of this deployment's environment that a secret belongs to. */
export declare class AuthenticateKey {
    private readonly deps;
    constructor(deps: {
        keys: ApiKeyStore;
        clock: Clock;
        env: Environment;
    });
    execute(cmd: AuthenticateKeyCommand): Promise<Result<ApiKey, DomainError>>;
    /** Re-reads before writing so a revocation made meanwhile is never overwritten. */
    private touch;
}
