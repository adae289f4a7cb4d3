import { existsSync } from "node:fs";
import type { Transaction } from "lmdb";
import { GRANULARITIES, type Granularity } from "../../../domain/usage.ts";
import { openLmdb } from "./lmdb-keyv-store.ts";
import { USAGE_PREFIX } from "./lmdb-usage-store.ts";
import { EXPORTED_NAMESPACES, type ExportEntry, type SnapshotSource } from "../snapshot/export-format.ts";
import { decodeKeyvEntry } from "../snapshot/keyv-entry.ts";

type Db = ReturnType<typeof openLmdb>["db"];

/**
 * The embedded store under `dataDir` as one LMDB read transaction: every range below reads the same committed state,
 * whatever a running server or CLI writes meanwhile. Keys are Keyv's `<namespace>:<key>`, the sorted indexes'
 * `<namespace>\x05<set>\x05<member>` (their `\x07` counts are rebuilt by the target) and the usage buckets.
 */
export function openLmdbSnapshot(dataDir: string, now: () => number = Date.now): SnapshotSource {
  // Opening would create an empty store: a mistyped DATA_DIR must not export nothing as if that were the data.
  if (!existsSync(`${dataDir}/store.mdb`)) throw new Error(`no embedded store under DATA_DIR ${dataDir} (no ${dataDir}/store.mdb)`);
  const lmdb = openLmdb(dataDir);
  let transaction: Transaction | undefined;
  return {
    source: "embedded",
    consistency: "one LMDB read transaction: the store as committed when the export began",
    async *entries() {
      transaction = lmdb.db.useReadTransaction();
      const at = now();
      for (const namespace of EXPORTED_NAMESPACES) {
        yield* records(lmdb.db, transaction, namespace, at);
        yield* indexEntries(lmdb.db, transaction, namespace);
      }
      yield* usageBuckets(lmdb.db, transaction, at);
    },
    close: async () => {
      transaction?.done();
      transaction = undefined;
      await lmdb.close();
    },
  };
}

async function* records(db: Db, transaction: Transaction, namespace: string, now: number): AsyncGenerator<ExportEntry> {
  const prefix = `${namespace}:`;
  // ";" follows ":": the range holds exactly this namespace's records.
  for (const { key, value } of db.getRange({ start: prefix, end: `${namespace};`, transaction })) {
    const decoded = await decodeKeyvEntry(value);
    if (!decoded || (decoded.expiresAt !== undefined && decoded.expiresAt <= now)) continue;
    yield { kind: "record", namespace, key: key.slice(prefix.length), ...decoded };
  }
}

async function* indexEntries(db: Db, transaction: Transaction, namespace: string): AsyncGenerator<ExportEntry> {
  const prefix = `${namespace}\u0005`;
  for (const { key, value } of db.getRange({ start: prefix, end: `${namespace}\u0006`, transaction })) {
    const split = key.indexOf("\u0005", prefix.length);
    if (split < 0) continue;
    yield { kind: "index", namespace, set: key.slice(prefix.length, split), member: key.slice(split + 1), value };
  }
}

async function* usageBuckets(db: Db, transaction: Transaction, now: number): AsyncGenerator<ExportEntry> {
  for (const granularity of GRANULARITIES) {
    const prefix = `${USAGE_PREFIX}${granularity}:`;
    for (const { key, value } of db.getRange({ start: prefix, end: `${USAGE_PREFIX}${granularity};`, transaction })) {
      // `usage:<granularity>:<start, 15 digits>:<scope>`
      const rest = key.slice(prefix.length);
      const bucket = parseBucket(value);
      if (!bucket || bucket.e <= now || rest[15] !== ":") continue;
      yield { kind: "usage", scope: rest.slice(16), granularity: granularity as Granularity, at: Number(rest.slice(0, 15)), expiresAt: bucket.e, counts: bucket.f };
    }
  }
}

function parseBucket(text: string): { e: number; f: Record<string, number> } | undefined {
  try {
    const bucket = JSON.parse(text) as { e: number; f: Record<string, number> };
    return Number.isFinite(bucket.e) && typeof bucket.f === "object" && bucket.f !== null ? bucket : undefined;
  } catch {
    return undefined;
  }
}
