import type { StorageBackend } from "../storage.ts";

/** Embedded LMDB under DATA_DIR: the default, chosen when no other backend's variables are set. */
export const embeddedBackend: StorageBackend = {
  kind: "embedded",
  chosenBy: () => true,
  open: async (config, clock) => (await import("./embedded-storage.ts")).openEmbeddedStorage(config.dataDir, clock),
  openSnapshot: async (config) => (await import("./lmdb-snapshot.ts")).openLmdbSnapshot(config.dataDir),
};
