import { EventEmitter } from "node:events";
import { type RootDatabase } from "lmdb";
import Keyv, { type KeyvStoreAdapter, type StoredData } from "keyv";
/**
 * A Keyv store on LMDB: an embedded, crash-safe store that several processes can open at once,
 * so a key written by the CLI is visible to a running server without any server process.
 */
export declare class LmdbKeyvStore extends EventEmitter implements KeyvStoreAdapter {
    private readonly db;
    opts: {
        dialect: "lmdb";
        url: string;
    };
    namespace?: string;
    constructor(db: RootDatabase<string, string>, path: string);
    get<Value>(key: string): Promise<StoredData<Value> | undefined>;
    set(key: string, value: string): Promise<boolean>;
    delete(key: string): Promise<boolean>;
    clear(): Promise<void>;
    has(key: string): Promise<boolean>;
    iterator<Value>(namespace?: string): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void>;
    disconnect(): Promise<void>;
}
/** One LMDB environment under `dir`, shared by every namespace of this process. */
export interface LmdbHandle {
    readonly db: RootDatabase<string, string>;
    readonly path: string;
    /** A Keyv over one namespace of the shared database, throwing on store errors (never silently empty). */
    keyv<T>(namespace: string): Keyv<T>;
    close(): Promise<void>;
}
export declare function openLmdb(dir: string): LmdbHandle;
/** Keyv only wires `iterator()` for the adapters it knows by name; ours has one too. */
export declare function withIterator<T>(keyv: Keyv<T>): Keyv<T>;
