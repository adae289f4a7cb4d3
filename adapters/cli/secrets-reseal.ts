import { SealedSecretError, type SecretSealer, sealedKeyIdOf } from "../security/secret-sealer.ts";
import type { Storage } from "../storage/open-storage.ts";
import { listStoredSecrets, openSealedStores, type SealedRecordKind, type StoredSecrets } from "../storage/sealed-records.ts";

/** What a reseal did to one kind of record. */
export interface ResealCount {
  rewritten: number;
  /** Left as they were: no secret, already sealed with the first key, or deleted meanwhile. */
  unchanged: number;
  /** Ids of the records whose secret no listed key opens (never the value). */
  readonly failed: string[];
}

/** One record no listed key opens, with the sealer's message (it names the record, field and key id, never the value). */
export interface ResealFailure {
  readonly kind: SealedRecordKind;
  readonly id: string;
  readonly message: string;
}

export interface ResealOutcome {
  readonly counts: Record<SealedRecordKind, ResealCount>;
  readonly failures: readonly ResealFailure[];
}

/**
 * Rewrites every account and webhook whose secrets are not all sealed with `firstKeyId`, through the sealed stores'
 * compare-and-set update: safe beside running servers, since a record changed meanwhile is read again and resealed.
 * A record no listed key opens is reported and skipped; the rest go on.
 */
export async function resealSecrets(storage: Pick<Storage, "keyv" | "atomic">, sealer: SecretSealer, firstKeyId: string): Promise<ResealOutcome> {
  const stores = openSealedStores(storage, sealer);
  const counts: Record<SealedRecordKind, ResealCount> = { account: newCount(), webhook: newCount() };
  const failures: ResealFailure[] = [];
  // Returning a new object is what makes the decorator write: it seals the result with the first key.
  const rewrite = <T extends object>(current: T): T => ({ ...current });
  // Listed in full before the first write, so no backend's listing runs over records this command is rewriting.
  const records: StoredSecrets[] = [];
  for await (const record of listStoredSecrets(storage)) records.push(record);
  for (const record of records) {
    const count = counts[record.kind];
    if (!needsReseal(record, firstKeyId)) {
      count.unchanged += 1;
      continue;
    }
    try {
      const result = record.kind === "account" ? await stores.accounts.update(record.id, rewrite) : await stores.webhooks.update(record.id, rewrite);
      if (result && result.after !== result.before) count.rewritten += 1;
      else count.unchanged += 1;
    } catch (error) {
      if (!(error instanceof SealedSecretError)) throw error;
      count.failed.push(record.id);
      failures.push({ kind: record.kind, id: record.id, message: error.message });
    }
  }
  return { counts, failures };
}

/** The summary line for people. */
export function formatReseal({ counts }: ResealOutcome, firstKeyId: string): string {
  const part = (count: ResealCount, noun: string) => `${count.rewritten} ${noun}${count.rewritten === 1 ? "" : "s"}`;
  const left = counts.account.unchanged + counts.webhook.unchanged;
  return `Resealed with key ${firstKeyId}: ${part(counts.account, "account")} and ${part(counts.webhook, "webhook")} rewritten; ` +
    `${left} left as they were (no secret, or already sealed with ${firstKeyId}).`;
}

function needsReseal(record: StoredSecrets, firstKeyId: string): boolean {
  return record.values.some((value) => sealedKeyIdOf(value) !== firstKeyId);
}

function newCount(): ResealCount {
  return { rewritten: 0, unchanged: 0, failed: [] };
}
