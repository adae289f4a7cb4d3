import type { WebhookStore, WebhookUpdate } from "../../application/ports.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import type { Webhook } from "../../domain/webhook.ts";
import type { AtomicRecords } from "./atomic-records.ts";
import { positionOf, readPosition } from "./outbox-listings.ts";
import type { IndexEntry, SortedIndex } from "./sorted-index.ts";

/** An endpoint as stored, with a mark while it is being deleted. */
export type StoredWebhook = Webhook & { readonly removed?: true };

/** Far above one create's two storage calls, and above clock skew between instances. */
const STALE_AFTER_MS = 5 * 60_000;
/** A deleted endpoint's mark outlives the delete that follows it only when the process dies in between. */
const REMOVED_TTL_MS = 60_000;
/** How many times a change is retried against newer versions before it is taken for a bug (a livelock). */
const MAX_ATTEMPTS = 100;

const memberOf = (webhook: Webhook): string => positionOf(webhook.createdAt, webhook.id);

/**
 * Endpoints as compare-and-set records by id, plus a sorted set per workspace (member: creation time, then id) whose
 * cap refuses the entry past `max` atomically on every backend. The entry is written before the record and removed
 * after it, so a stored endpoint is always listed and counted; an entry whose record never came (the process died in
 * between) is dropped by the next list, or by a create it would refuse, once it is old enough that no create is still
 * writing it.
 */
export class KeyvWebhookStore implements WebhookStore {
  constructor(
    private readonly records: AtomicRecords<StoredWebhook>,
    private readonly byWorkspace: SortedIndex,
    private readonly options: { readonly staleAfterMs?: number } = {},
  ) {}

  create(webhook: Webhook, max: number): Promise<boolean> {
    return guardStorage("webhooks.create", async () => {
      const { workspaceId } = webhook;
      if (!(await this.enter(webhook, max))) return false;
      if (await this.records.write(webhook.id, undefined, webhook)) return true;
      const kept = (await this.records.read(webhook.id))?.value;
      if (!kept || kept.removed || kept.workspaceId !== workspaceId || memberOf(kept) !== memberOf(webhook)) {
        await this.byWorkspace.remove(workspaceId, memberOf(webhook));
      }
      throw new Error(`a webhook with id ${webhook.id} already exists`);
    });
  }

  find(id: string): Promise<Webhook | undefined> {
    return guardStorage("webhooks.find", async () => live((await this.records.read(id))?.value));
  }

  listByWorkspace(workspaceId: string): Promise<readonly Webhook[]> {
    return guardStorage("webhooks.list", async () => (await this.resolve(workspaceId, await this.byWorkspace.all(workspaceId))).live);
  }

  update(id: string, change: (current: Webhook) => Webhook | undefined): Promise<WebhookUpdate | undefined> {
    return guardStorage("webhooks.update", async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const current = await this.records.read(id);
        const before = live(current?.value);
        if (!current || !before) return undefined;
        const after = change(before);
        if (after === undefined || after === before) return { before, after: before };
        if (after.id !== id || after.workspaceId !== before.workspaceId || after.createdAt !== before.createdAt) {
          throw new Error(`a change may not move webhook ${id} (its id, workspace and creation are fixed)`);
        }
        if (await this.records.write(id, current.raw, after)) return { before, after };
      }
      throw new Error(`webhook ${id} kept changing: ${MAX_ATTEMPTS} attempts to change it lost to other writers`);
    });
  }

  delete(id: string): Promise<boolean> {
    return guardStorage("webhooks.delete", async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const current = await this.records.read(id);
        const webhook = live(current?.value);
        if (!current || !webhook) return false;
        // Marked first, by compare-and-set: of two racing deletes one wins, and the entry goes only once no create can count it.
        if (await this.records.write(id, current.raw, { ...webhook, removed: true }, REMOVED_TTL_MS)) {
          await this.byWorkspace.remove(webhook.workspaceId, memberOf(webhook));
          await this.records.keyv.delete(id);
          return true;
        }
      }
      throw new Error(`webhook ${id} kept changing: ${MAX_ATTEMPTS} attempts to delete it lost to other writers`);
    });
  }

  /** Puts the endpoint's entry under the cap; when refused, drops the workspace's dead entries and tries once more. */
  private async enter(webhook: Webhook, max: number): Promise<boolean> {
    const put = () => this.byWorkspace.put(webhook.workspaceId, memberOf(webhook), String(Date.now()), { maxCount: max });
    if (await put()) return true;
    const { dropped } = await this.resolve(webhook.workspaceId, await this.byWorkspace.all(webhook.workspaceId));
    return dropped > 0 && put();
  }

  /** The endpoints the entries list, in entry order; entries listing none are removed once old enough. */
  private async resolve(workspaceId: string, entries: readonly IndexEntry[]): Promise<{ live: Webhook[]; dropped: number }> {
    const found = await Promise.all(entries.map(async (entry) => live((await this.records.read(readPosition(entry.member).id))?.value)));
    const webhooks: Webhook[] = [];
    let dropped = 0;
    for (const [i, entry] of entries.entries()) {
      const webhook = found[i];
      if (webhook && webhook.workspaceId === workspaceId && memberOf(webhook) === entry.member) webhooks.push(webhook);
      else if (Date.now() - Number(entry.value) >= (this.options.staleAfterMs ?? STALE_AFTER_MS)) {
        await this.byWorkspace.remove(workspaceId, entry.member);
        dropped += 1;
      }
    }
    return { live: webhooks, dropped };
  }
}

/** The endpoint, or undefined for none or one being deleted. */
function live(stored: StoredWebhook | undefined): Webhook | undefined {
  if (!stored || stored.removed) return undefined;
  return stored;
}
