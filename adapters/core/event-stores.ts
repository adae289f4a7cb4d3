import type { Clock, Outbox, WebhookStore } from "../../application/ports.ts";
import { openOutbox, openWebhookStore } from "../storage/open-events-storage.ts";
import { openMemoryStorage, type Storage } from "../storage/open-storage.ts";
import type { CoreStorage } from "./key-manager.ts";

/** The outbox and the endpoints on the core's storage, or in this process's memory for a storage without namespaces. */
export function eventStoresOf(storage: CoreStorage, clock: Clock): { outbox: Outbox; webhooks: WebhookStore } {
  const backing = storage.keyv && storage.atomic ? (storage as Storage) : openMemoryStorage(clock);
  return { outbox: openOutbox(backing), webhooks: openWebhookStore(backing) };
}

/** The same outbox, calling `nudge` after each add, so this process's dispatcher sends new items at once. */
export function nudging(stores: { outbox: Outbox; webhooks: WebhookStore }, nudge: () => void): { outbox: Outbox; webhooks: WebhookStore } {
  const { outbox } = stores;
  return {
    webhooks: stores.webhooks,
    outbox: {
      add: async (items) => {
        await outbox.add(items);
        nudge();
      },
      claim: (...args) => outbox.claim(...args),
      settle: (...args) => outbox.settle(...args),
      update: (...args) => outbox.update(...args),
      find: (id) => outbox.find(id),
      page: (log, options) => outbox.page(log, options),
    },
  };
}
