import type Keyv from "keyv";
import type { ApiKeyStore } from "../../application/ports.ts";
import type { ApiKey } from "../../domain/api-key.ts";
/** Keys as plain records in one Keyv namespace, plus a hash → id index in another; works on every Keyv backend. */
export declare class KeyvApiKeyStore implements ApiKeyStore {
    private readonly records;
    private readonly hashes;
    constructor(records: Keyv<ApiKey>, hashes: Keyv<string>);
    save(key: ApiKey): Promise<void>;
    findById(id: string): Promise<ApiKey | undefined>;
    findByHash(secretHash: string): Promise<ApiKey | undefined>;
    list(): Promise<readonly ApiKey[]>;
    ping(): Promise<void>;
}
