import Keyv from "keyv";
import type { Clock } from "../../../application/ports.ts";
import { SystemClock } from "../../system.ts";
import { mapEntries } from "../atomic-entries.ts";
import { AtomicRecords } from "../atomic-records.ts";
import { KeyvApiKeyStore } from "../keyv-api-key-store.ts";
import { KeyvAuditLog } from "../keyv-audit-log.ts";
import { MemorySortedIndex } from "../sorted-index.ts";
import type { Storage } from "../storage.ts";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.ts";
import { MemoryUsageStore } from "./memory-usage-store.ts";

/** Everything in this process's memory; for tests and examples (nothing survives a restart). */
export function openMemoryStorage(clock: Clock = new SystemClock()): Storage {
  const limits = new MemoryRateLimitStore(clock);
  const keyv = <T>(namespace: string, store = new Map<string, unknown>()) => new Keyv<T>({ store, namespace, throwOnErrors: true });
  const atomics = new Map<string, AtomicRecords<unknown>>();
  const atomic = <T>(namespace: string): AtomicRecords<T> => {
    let found = atomics.get(namespace);
    if (!found) {
      const map = new Map<string, unknown>();
      found = new AtomicRecords<unknown>(keyv(namespace, map), mapEntries(map), `${namespace}:`);
      atomics.set(namespace, found);
    }
    return found as AtomicRecords<T>;
  };
  return {
    kind: "embedded",
    keys: new KeyvApiKeyStore({
      records: atomic("apikeys"),
      hashes: keyv("apikey-hashes"),
      lastUsed: keyv("apikey-last-used"),
      byWorkspace: new MemorySortedIndex(),
    }),
    limits,
    audit: new KeyvAuditLog(keyv),
    usage: new MemoryUsageStore(clock),
    keyv,
    atomic,
    close: async () => limits.close(),
  };
}
