import type Keyv from "keyv";
import type { ApiKeyStore } from "../../application/ports.ts";
import type { ApiKey } from "../../domain/api-key.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";

/** Keys as plain records in one Keyv namespace, plus a hash → id index in another; works on every Keyv backend. */
export class KeyvApiKeyStore implements ApiKeyStore {
  constructor(private readonly records: Keyv<ApiKey>, private readonly hashes: Keyv<string>) {}

  save(key: ApiKey): Promise<void> {
    return guardStorage("save", async () => {
      // The index goes first: a record is only ever findable once its hash resolves to it.
      await this.hashes.set(key.secretHash, key.id);
      await this.records.set(key.id, key);
    });
  }

  findById(id: string): Promise<ApiKey | undefined> {
    return guardStorage("findById", () => this.records.get(id));
  }

  findByHash(secretHash: string): Promise<ApiKey | undefined> {
    return guardStorage("findByHash", async () => {
      const id = await this.hashes.get(secretHash);
      return id === undefined ? undefined : this.records.get(id);
    });
  }

  list(): Promise<readonly ApiKey[]> {
    return guardStorage("list", async () => {
      if (!this.records.iterator) throw new Error("this Keyv store cannot list its entries");
      const keys: ApiKey[] = [];
      for await (const [, value] of this.records.iterator(undefined)) keys.push(value as ApiKey);
      return keys;
    });
  }

  ping(): Promise<void> {
    return guardStorage("ping", async () => {
      await this.records.get("__ping__");
    });
  }
}
