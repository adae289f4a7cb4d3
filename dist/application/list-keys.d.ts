import { type ApiKeySummary } from "../domain/api-key.ts";
import type { ApiKeyStore } from "./ports.ts";
export interface ListKeysCommand {
    /** Only the keys of this workspace; every key when absent. */
    readonly workspaceId?: string;
}
/** Lists keys, oldest first, never with secrets. */
export declare class ListKeys {
    private readonly deps;
    constructor(deps: {
        keys: ApiKeyStore;
    });
    execute(cmd?: ListKeysCommand): Promise<readonly ApiKeySummary[]>;
}
