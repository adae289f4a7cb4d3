/** Thrown by storage adapters when the backing store cannot be reached; the HTTP layer answers 503. */
export declare class StorageUnavailableError extends Error {
    readonly name = "StorageUnavailableError";
    constructor(message: string, options?: {
        cause?: unknown;
    });
}
/** Runs a storage call and turns any failure of it into a StorageUnavailableError. */
export declare function guardStorage<T>(what: string, call: () => Promise<T>): Promise<T>;
