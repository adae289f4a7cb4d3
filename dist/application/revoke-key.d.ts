import { type ApiKeySummary } from "../domain/api-key.ts";
import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import type { ApiKeyStore, Clock } from "./ports.ts";
export interface RevokeKeyCommand {
    readonly id: string;
    /** When given, only a key of this workspace may be revoked; others look unknown. */
    readonly workspaceId?: string;
}
/** Revokes a key at once; revoking twice is harmless and keeps the first revocation time. */
export declare class RevokeKey {
    private readonly deps;
    constructor(deps: {
        keys: ApiKeyStore;
        clock: Clock;
    });
    execute(cmd: RevokeKeyCommand): Promise<Result<ApiKeySummary, DomainError>>;
}
