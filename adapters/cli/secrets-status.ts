import { sealedKeyIdOf } from "../security/secret-sealer.ts";
import type { Storage } from "../storage/open-storage.ts";
import { listStoredSecrets, type SealedRecordKind } from "../storage/sealed-records.ts";

/** How one kind's stored secret values are kept: how many plain, how many under each key id. */
export interface SecretCount {
  /** Records of this kind, with a secret or not. */
  records: number;
  plain: number;
  /** Key id → how many values are sealed with it. */
  readonly sealed: Map<string, number>;
}

/** `tool-api secrets status` as JSON: each kind's counts, every key id marked as listed in ENCRYPTION_KEY and first or not. */
export interface SecretsStatusJson {
  readonly keys: readonly { readonly id: string; readonly first: boolean }[];
  readonly accounts: KindJson;
  readonly webhooks: KindJson;
}

interface KindJson {
  readonly records: number;
  readonly plain: number;
  readonly sealed: readonly { readonly keyId: string; readonly values: number; readonly listed: boolean; readonly first: boolean }[];
}

const TITLES: Record<SealedRecordKind, string> = { account: "Account TOTP secrets", webhook: "Webhook signing secrets" };

/** Counts the stored secret values of every account and webhook by how they are stored; never opens one. */
export async function countSecrets(storage: Pick<Storage, "atomic">): Promise<Record<SealedRecordKind, SecretCount>> {
  const counts: Record<SealedRecordKind, SecretCount> = { account: newCount(), webhook: newCount() };
  for await (const record of listStoredSecrets(storage)) {
    const count = counts[record.kind];
    count.records += 1;
    for (const value of record.values) {
      const keyId = sealedKeyIdOf(value);
      if (keyId === null) count.plain += 1;
      else count.sealed.set(keyId, (count.sealed.get(keyId) ?? 0) + 1);
    }
  }
  return counts;
}

/** The counts for people: per kind, plain and each key id (every listed one, even at 0, so a dropped key's 0 shows). */
export function formatStatus(counts: Record<SealedRecordKind, SecretCount>, keyIds: readonly string[]): string {
  const head = keyIds.length === 0
    ? "ENCRYPTION_KEY is not set: new secrets are stored plain, and no sealed one opens."
    : `ENCRYPTION_KEY seals with key ${keyIds[0]}${keyIds.length > 1 ? ` and also opens ${keyIds.slice(1).join(", ")}` : ""}.`;
  const kinds = (Object.keys(TITLES) as SealedRecordKind[]).map((kind) => {
    const count = counts[kind];
    const rows = [`  plain     ${count.plain}`, ...rowsOf(count, keyIds).map((row) => `  ${row.keyId.padEnd(8)}  ${row.values}  ${noteOf(row)}`)];
    return [`${TITLES[kind]} (${count.records} ${kind}${count.records === 1 ? "" : "s"}):`, ...rows].join("\n");
  });
  return [head, ...kinds].join("\n");
}

/** The counts for scripts (`--json`). */
export function toStatusJson(counts: Record<SealedRecordKind, SecretCount>, keyIds: readonly string[]): SecretsStatusJson {
  const kind = (count: SecretCount): KindJson => ({ records: count.records, plain: count.plain, sealed: rowsOf(count, keyIds) });
  return { keys: keyIds.map((id, index) => ({ id, first: index === 0 })), accounts: kind(counts.account), webhooks: kind(counts.webhook) };
}

function newCount(): SecretCount {
  return { records: 0, plain: 0, sealed: new Map() };
}

/** Every listed key id in ENCRYPTION_KEY's order, then any other key id found, in the order met. */
function rowsOf(count: SecretCount, keyIds: readonly string[]): KindJson["sealed"] {
  const ids = [...keyIds, ...[...count.sealed.keys()].filter((id) => !keyIds.includes(id))];
  return ids.map((keyId) => ({ keyId, values: count.sealed.get(keyId) ?? 0, listed: keyIds.includes(keyId), first: keyId === keyIds[0] }));
}

function noteOf(row: KindJson["sealed"][number]): string {
  if (row.first) return "first key of ENCRYPTION_KEY (seals new values)";
  if (row.listed) return "listed in ENCRYPTION_KEY";
  return row.keyId === "unknown" ? "a sealed form this version does not read" : "NOT listed in ENCRYPTION_KEY: these do not open";
}
