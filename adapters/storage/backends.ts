// Every storage backend, each declared in its own folder: adding one is a folder and a line here.
import type { Config } from "../config.ts";
import { embeddedBackend } from "./lmdb/backend.ts";
import { postgresBackend } from "./postgres/backend.ts";
import { redisBackend } from "./redis/backend.ts";
import type { StorageBackend } from "./storage.ts";

/** In the order they are chosen: the first whose variables are set (PostgreSQL's DATABASE_URL before Redis's). */
export const BACKENDS: readonly StorageBackend[] = [postgresBackend, redisBackend, embeddedBackend];

/** The backend the configuration names. */
export function backendFor(config: Config): StorageBackend {
  return BACKENDS.find((backend) => backend.chosenBy(config)) ?? embeddedBackend;
}
