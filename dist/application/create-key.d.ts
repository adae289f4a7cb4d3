import { type ApiKeySummary, type RateLimitPolicy } from "../domain/api-key.ts";
import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import type { ApiKeyStore, Clock, SecretSource } from "./ports.ts";
export interface CreateKeyCommand {
    readonly name: string;
    readonly env: string;
    /** Requests per window; the deployment default when absent. */
    readonly limit?: number;
    readonly windowSeconds?: number;
    readonly workspaceId?: string | null;
}
export interface CreateKeyOutput {
    readonly key: ApiKeySummary;
    /** The full secret: returned here once and never again. */
    readonly secret: string;
}
export declare const MAX_KEY_NAME_LENGTH = 64;
/** Mints a key: a CSPRNG secret that is returned once; only its SHA-256 is stored. */
export declare class CreateKey {
    private readonly deps;
    constructor(deps: {
        keys: ApiKeyStore;
        secrets: SecretSource;
        clock: Clock;
        defaultPolicy: RateLimitPolicy;
    });
    execute(cmd: CreateKeyCommand): Promise<Result<CreateKeyOutput, DomainError>>;
    private check;
    private randomBody;
    private randomId;
}
