import type { StorageBackend } from "../storage.ts";

/** PostgreSQL (DATABASE_URL): every record there, the rate-limit counters too unless Redis is also configured. */
export const postgresBackend: StorageBackend = {
  kind: "postgres",
  chosenBy: (config) => Boolean(config.databaseUrl),
  open: async (config, clock, logger) => (await import("./postgres-storage.ts")).openPostgresStorage(config, clock, logger),
  openSnapshot: async (config) => (await import("./pg-snapshot.ts")).openPgSnapshot(config.databaseUrl as string),
};
