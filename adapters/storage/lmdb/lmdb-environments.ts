import { resolve } from "node:path";
import { open, type RootDatabase, type RootDatabaseOptionsWithPath } from "lmdb";

/** One environment this process has open, shared by every handle on its file. */
export interface SharedEnvironment {
  readonly db: RootDatabase<string, string>;
  /** Gives this handle back; the environment closes with the last one. Repeated calls count once. */
  release(): Promise<void>;
}

/** The environments this process has open, by file, with how many handles use each. */
const environments = new Map<string, { readonly db: RootDatabase<string, string>; users: number }>();

/**
 * The environment on `options.path`, opened once per process however many handles ask for it, as LMDB requires: two
 * environments on one file in one process deadlock when one's asynchronous transaction holds the file's write lock
 * waiting for this thread while the other's synchronous transaction waits on this thread for the lock. The options of
 * the first opening hold for every later handle on the same file.
 */
export function openShared(options: RootDatabaseOptionsWithPath & { path: string }): SharedEnvironment {
  const file = resolve(options.path);
  let shared = environments.get(file);
  if (!shared) environments.set(file, (shared = { db: open<string, string>({ encoding: "string", compression: false, ...options }), users: 0 }));
  shared.users += 1;
  const entry = shared;
  let released = false;
  return {
    db: entry.db,
    release: async () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      environments.delete(file);
      await entry.db.close();
    },
  };
}
