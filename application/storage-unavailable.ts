/** Thrown by a storage (built-in or one of your own) when its backing store cannot be reached: the core fails closed with 503 service_unavailable. */
export class StorageUnavailableError extends Error {
  override readonly name = "StorageUnavailableError";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Runs a storage call and turns any failure of it into a StorageUnavailableError. */
export async function guardStorage<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw error;
    throw new StorageUnavailableError(`storage failed during ${what}`, { cause: error });
  }
}
