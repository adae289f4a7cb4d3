/** Thrown by a storage (built-in or one of your own) when its backing store cannot be reached: the core fails closed with 503 service_unavailable. */
export class StorageUnavailableError extends Error {
    name = "StorageUnavailableError";
    constructor(message, options) {
        super(message, options);
    }
}
/** Runs a storage call and turns any failure of it into a StorageUnavailableError. */
export async function guardStorage(what, call) {
    try {
        return await call();
    }
    catch (error) {
        if (error instanceof StorageUnavailableError)
            throw error;
        throw new StorageUnavailableError(`storage failed during ${what}`, { cause: error });
    }
}
