import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { SealedSecretError } from "../security/secret-sealer.ts";

/** How a decorator turns a record as stored into the record callers see, and back. */
export interface SealedFields<T> {
  /** The record with its secrets opened; the same object when it holds none (or none sealed). */
  open(stored: T): T;
  /** The record with its secrets sealed for storage. */
  seal(plain: T): T;
}

type Update<T> = (id: string, change: (current: T) => T | undefined) => Promise<{ before: T; after: T } | undefined>;

/**
 * A store's compare-and-set `update` seen through sealing: `change` receives the opened record (again on a newer one
 * when another writer won) and its result is sealed before the store writes it. A change that returns undefined or
 * its argument hands the store undefined, so nothing is written and `{ before, after }` come back as one object:
 * sealing again would draw a new IV, a different value, and a needless write.
 */
export async function updateSealed<T>(update: Update<T>, id: string, change: (current: T) => T | undefined, fields: SealedFields<T>) {
  let last: { stored: T; opened: T; next: T | undefined; sealed: T | undefined } | undefined;
  const result = await unwrapSealing(() => update(id, (stored) => {
    const opened = fields.open(stored);
    const next = change(opened);
    const sealed = next === undefined || next === opened ? undefined : fields.seal(next);
    last = { stored, opened, next, sealed };
    return sealed;
  }));
  if (!result) return undefined;
  const before = result.before === last?.stored ? last.opened : fields.open(result.before);
  if (result.after === result.before) return { before, after: before };
  return { before, after: result.after === last?.sealed && last.next !== undefined ? last.next : fields.open(result.after) };
}

/**
 * Runs a store call whose callback opens secrets: the store's guard turns any throw inside it into a 503
 * StorageUnavailableError, but a secret no configured key opens is a configuration error, reported as itself.
 */
export async function unwrapSealing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StorageUnavailableError && error.cause instanceof SealedSecretError) throw error.cause;
    throw error;
  }
}
