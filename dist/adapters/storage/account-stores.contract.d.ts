import type { Storage } from "./open-storage.ts";
/** A storage backend under test and how to dispose of it. */
export interface StorageFixture {
    readonly storage: Storage;
    close(): Promise<void>;
}
/** The account, workspace, session and flash stores' contracts, run against any Storage's Keyv namespaces. */
export declare function describeAccountStores(label: string, make: () => Promise<StorageFixture>): void;
