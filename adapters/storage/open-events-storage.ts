import type { Outbox, WebhookStore } from "../../application/ports.ts";
import { KeyvOutbox, type KeyvOutboxOptions } from "./keyv-outbox.ts";
import { KeyvWebhookStore, type StoredWebhook } from "./keyv-webhook-store.ts";
import type { StoredItem } from "./outbox-listings.ts";
import type { Storage } from "./open-storage.ts";
import { type SortedIndex, sortedIndexOf } from "./sorted-index.ts";

/** The namespaces the events side keeps its records and sorted sets in. */
export const EVENTS_NAMESPACES = { outbox: "outbox", outboxIndex: "outbox-index", webhooks: "webhooks", webhookIndex: "webhook-workspaces" } as const;

const indexes = new WeakMap<object, Map<string, SortedIndex>>();

/**
 * One sorted index per storage and namespace: a storage in memory hands out a fresh Keyv (and so a fresh index) per
 * call, so every outbox or store opened on it must share the first.
 */
function indexOf(storage: Pick<Storage, "keyv">, namespace: string): SortedIndex {
  let byName = indexes.get(storage);
  if (!byName) indexes.set(storage, (byName = new Map()));
  let index = byName.get(namespace);
  if (!index) byName.set(namespace, (index = sortedIndexOf(storage.keyv(namespace))));
  return index;
}

/** The durable outbox on a storage (memory, LMDB, Redis, Redis Cluster, or one's own): every instance on it shares it. */
export function openOutbox(storage: Pick<Storage, "keyv" | "atomic">, options?: KeyvOutboxOptions): Outbox {
  return new KeyvOutbox(storage.atomic<StoredItem>(EVENTS_NAMESPACES.outbox), indexOf(storage, EVENTS_NAMESPACES.outboxIndex), options);
}

/** The webhook endpoints on a storage, with the per-workspace cap atomic across every instance on it. */
export function openWebhookStore(storage: Pick<Storage, "keyv" | "atomic">): WebhookStore {
  return new KeyvWebhookStore(storage.atomic<StoredWebhook>(EVENTS_NAMESPACES.webhooks), indexOf(storage, EVENTS_NAMESPACES.webhookIndex));
}
