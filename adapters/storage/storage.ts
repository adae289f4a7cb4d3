import type Keyv from "keyv";
import type { ApiKeyStore, AuditLog, Clock, RateLimitStore, UsageStore } from "../../application/ports.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AtomicRecords } from "./atomic-records.ts";
import type { SnapshotSource } from "./snapshot/export-format.ts";

/** Who hears of a backend's outages (once when one starts, once when it ends). */
export type StorageLogger = Pick<Logger, "warn" | "info">;

/** The storage a process runs on: keys, rate-limit counters, and Keyv namespaces for everything else. */
export interface Storage {
  readonly kind: "embedded" | "redis" | "postgres";
  readonly keys: ApiKeyStore;
  readonly limits: RateLimitStore;
  /** Key (and later pack) events per workspace. */
  readonly audit: AuditLog;
  /** Usage counters per key, tool and minute / hour / day bucket. */
  readonly usage: UsageStore;
  /** A Keyv over one namespace of the same backend (accounts, sessions, …); it throws on store errors. */
  keyv<T>(namespace: string): Keyv<T>;
  /** The same namespace with atomic writes (compare-and-set, claim) that hold across every process on the backend. */
  atomic<T>(namespace: string): AtomicRecords<T>;
  close(): Promise<void>;
}

/**
 * One storage backend, declared once in its own folder (`lmdb/`, `redis/`, `postgres/`) and listed in backends.ts:
 * the server, the CLI and `tool-api export` all choose through it. Each loads its implementation only when chosen.
 */
export interface StorageBackend {
  readonly kind: Storage["kind"];
  /** Whether the configuration names this backend (its variables are set). */
  chosenBy(config: Config): boolean;
  open(config: Config, clock: Clock, logger?: StorageLogger): Promise<Storage>;
  /** The read side of `tool-api export`: every record, from one snapshot where the backend has one. */
  openSnapshot(config: Config): Promise<SnapshotSource>;
}
