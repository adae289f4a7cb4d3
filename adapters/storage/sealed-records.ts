import type { AccountStore, WebhookStore } from "../../application/ports.ts";
import type { Account } from "../../domain/account.ts";
import type { SecretSealer } from "../security/secret-sealer.ts";
import { ACCOUNT_NAMESPACES, atomicAccountStore } from "./keyv-account-store.ts";
import type { StoredWebhook } from "./keyv-webhook-store.ts";
import { EVENTS_NAMESPACES, openWebhookStore } from "./open-events-storage.ts";
import { SealedAccountStore } from "./sealed-account-store.ts";
import { SealedWebhookStore } from "./sealed-webhook-store.ts";
import type { Storage } from "./storage.ts";

/** The records that hold sealed secrets: accounts (TOTP) and webhook endpoints (signing secrets). */
export type SealedRecordKind = "account" | "webhook";

/** One record's secret values exactly as stored (plain, or `enc:v1:<key id>:<data>`); empty when it holds none. */
export interface StoredSecrets {
  readonly kind: SealedRecordKind;
  readonly id: string;
  readonly values: readonly string[];
}


/**
 * Every account and webhook endpoint of the storage with its stored secret values, read from the raw namespaces (the
 * ports have no "list all"). Works on every backend whose Keyv lists (LMDB, Redis, PostgreSQL); throws otherwise.
 */
export async function* listStoredSecrets(storage: Pick<Storage, "atomic">): AsyncGenerator<StoredSecrets> {
  for await (const account of valuesOf<Account>(storage, ACCOUNT_NAMESPACES.records)) {
    const values = [account.totp?.secret, account.totpPending?.secret].filter((value): value is string => typeof value === "string");
    yield { kind: "account", id: account.id, values };
  }
  for await (const webhook of valuesOf<StoredWebhook>(storage, EVENTS_NAMESPACES.webhooks)) {
    // An endpoint marked while being deleted is gone for every reader; its mark expires within a minute.
    if (webhook.removed) continue;
    const values = [webhook.secret, webhook.previousSecret].filter((value): value is string => typeof value === "string");
    yield { kind: "webhook", id: webhook.id, values };
  }
}

/** The account and webhook stores as the server binds them (compare-and-set updates, secrets sealed by `sealer`). */
export function openSealedStores(storage: Pick<Storage, "keyv" | "atomic">, sealer: SecretSealer): { accounts: AccountStore; webhooks: WebhookStore } {
  const accounts = atomicAccountStore((namespace) => storage.atomic(namespace));
  return { accounts: new SealedAccountStore(accounts, sealer), webhooks: new SealedWebhookStore(openWebhookStore(storage), sealer) };
}

/** Each record of a namespace once: Redis's SCAN may return a key twice when the keyspace grows meanwhile. */
async function* valuesOf<T extends { readonly id: string }>(storage: Pick<Storage, "atomic">, namespace: string): AsyncGenerator<T> {
  const { keyv } = storage.atomic<T>(namespace);
  if (!keyv.iterator) throw new Error(`the ${namespace} namespace of this store cannot be listed`);
  const seen = new Set<string>();
  for await (const [, value] of keyv.iterator(undefined)) {
    const record = value as T | undefined;
    if (!record || typeof record.id !== "string" || seen.has(record.id)) continue;
    seen.add(record.id);
    yield record;
  }
}
