/** Thrown by a storage (built-in or one of your own) when its backing store cannot be reached: the core fails closed with 503 service_unavailable. */
export declare class StorageUnavailableError extends Error {
    readonly name = "StorageUnavailableError";
    constructor(message: string, options?: {
        cause?: unknown;
    });
}
/** Runs a storage call and turns any failure of it into a StorageUnavailableError. */
export declare function guardStorage<T>(what: string, call: () => Promise<T>): Promise<T>;
