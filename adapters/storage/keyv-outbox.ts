import type { Outbox, OutboxItem, OutboxPage } from "../../application/ports.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import type { AtomicRecords, StoredRecord } from "./atomic-records.ts";
import type { IndexEntry, SortedIndex } from "./sorted-index.ts";
import { DUE_SET, isClaimable, listingsMissing, listingsOf, logSet, OutboxListings, readPosition, type StoredItem, toItem, toStored } from "./outbox-listings.ts";

/** Items each log keeps for its pages (its newest). */
export const OUTBOX_LOG_RETENTION = 1000;
/** How long a delivered or failed item is kept after its last write. */
export const OUTBOX_DONE_TTL_MS = 30 * 86_400_000;
/** Far above one write's few storage calls (each bounded to about a second), and above clock skew between instances. */
const STALE_AFTER_MS = 5 * 60_000;
/** A removed item's mark outlives the delete that follows it only when the process dies in between. */
const REMOVED_TTL_MS = 60_000;
/** How many times a change is retried against newer versions before it is taken for a bug (a livelock). */
const MAX_ATTEMPTS = 100;

/** Tuning of a KeyvOutbox; the defaults are the contract's. */
export interface KeyvOutboxOptions {
  /** Items kept per log (default 1,000). */
  readonly retention?: number;
  /** How long delivered and failed items are kept (default 30 days). */
  readonly doneTtlMs?: number;
  /** How old an index entry without its record must be before a reader removes it (default 5 minutes). */
  readonly staleAfterMs?: number;
}

interface Lease {
  readonly now: number;
  readonly leaseMs: number;
  readonly owner: string;
}

/**
 * The outbox on any storage: each item a compare-and-set record (the truth), a sorted "due" set of pending items by
 * time (a hint: a claim re-reads each record and leases it by compare-and-set, so two claimers never both win), and
 * a sorted set per log for its pages. Entries are written before their record and removed after it, so a record is
 * never without its entries, wherever a process dies; entries without their record are garbage that readers drop.
 */
export class KeyvOutbox implements Outbox {
  private readonly listings: OutboxListings;
  private readonly doneTtlMs: number;

  constructor(
    private readonly records: AtomicRecords<StoredItem>,
    index: SortedIndex,
    options: KeyvOutboxOptions = {},
  ) {
    this.listings = new OutboxListings(index, options.retention ?? OUTBOX_LOG_RETENTION, options.staleAfterMs ?? STALE_AFTER_MS);
    this.doneTtlMs = options.doneTtlMs ?? OUTBOX_DONE_TTL_MS;
  }

  add(items: readonly OutboxItem[]): Promise<void> {
    return guardStorage("outbox.add", async () => {
      await Promise.all(items.map((item) => this.addOne(item)));
    });
  }

  claim(now: number, limit: number, leaseMs: number, owner: string): Promise<readonly OutboxItem[]> {
    return guardStorage("outbox.claim", async () => {
      const claimed: OutboxItem[] = [];
      const batch = Math.min(Math.max(2 * limit, 32), 500);
      let above: string | undefined;
      while (claimed.length < limit) {
        const entries = await this.listings.due(batch, above);
        const due = entries.filter((entry) => readPosition(entry.member).at <= now);
        claimed.push(...(await this.claimAmong(due, { now, leaseMs, owner }, limit - claimed.length)));
        if (due.length < batch) break;
        above = due[due.length - 1].member;
      }
      return claimed;
    });
  }

  settle(id: string, owner: string, next: OutboxItem | null): Promise<boolean> {
    return guardStorage("outbox.settle", async () => {
      if (next !== null && next.id !== id) throw new Error(`item ${id} may not be settled as another item (${next.id})`);
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const current = await this.records.read(id);
        // The holder settles while no one else has claimed it, its lease ended or not: its attempt was made.
        if (!current || current.value.removed || current.value.leaseOwner !== owner) return false;
        const cleared = { leaseOwner: null, leaseUntil: null };
        const after: StoredItem = next === null ? { ...current.value, ...cleared, removed: true, listedAt: null } : toStored({ ...next, ...cleared });
        if (await this.replace(id, current, after)) {
          if (next === null) await this.records.keyv.delete(id);
          return true;
        }
      }
      throw new Error(`outbox item ${id} kept changing: ${MAX_ATTEMPTS} attempts to settle it lost to other writers`);
    });
  }

  update(id: string, change: (current: OutboxItem) => OutboxItem | undefined): Promise<OutboxItem | undefined> {
    return guardStorage("outbox.update", async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const current = await this.records.read(id);
        if (!current || current.value.removed) return undefined;
        const item = toItem(current.value);
        const next = change(item);
        if (next === undefined || next === item) return item;
        if (next.id !== id) throw new Error(`a change may not give outbox item ${id} another id (${next.id})`);
        if (await this.replace(id, current, toStored(next))) return next;
      }
      throw new Error(`outbox item ${id} kept changing: ${MAX_ATTEMPTS} attempts to change it lost to other writers`);
    });
  }

  find(id: string): Promise<OutboxItem | undefined> {
    return guardStorage("outbox.find", async () => {
      const stored = await this.current(id);
      return stored && !stored.removed ? toItem(stored) : undefined;
    });
  }

  page(log: string, options: { readonly limit: number; readonly before?: string }): Promise<OutboxPage> {
    return guardStorage("outbox.page", async () => {
      const found: { member: string; item: OutboxItem }[] = [];
      let below = options.before;
      // Entries whose record is gone (expired, removed) are skipped, so a page reads on until it is full.
      for (;;) {
        const want = options.limit + 1 - found.length;
        const entries = await this.listings.newest(log, want, below);
        for (const { entry, record } of await this.liveRecords(logSet(log), entries)) found.push({ member: entry.member, item: toItem(record.value) });
        if (entries.length < want || found.length > options.limit) break;
        below = entries[entries.length - 1].member;
      }
      const items = found.slice(0, options.limit);
      return { items: items.map((entry) => entry.item), next: found.length > options.limit ? items.at(-1)?.member : undefined };
    });
  }

  private async addOne(item: OutboxItem): Promise<void> {
    if (await this.replace(item.id, undefined, toStored(item))) return;
    // The item already stored is kept; its entries are written again, so adding twice also mends one lost to a crash.
    await Promise.all(listingsOf(await this.current(item.id)).map((listing) => this.listings.list(listing)));
  }

  /**
   * Writes `after` in place of `current` (undefined: absent) by compare-and-set, with its entries: new ones before the
   * write (and again after it, in case a reader took one for garbage in between), old ones removed after it.
   */
  private async replace(id: string, current: StoredRecord<StoredItem> | undefined, after: StoredItem): Promise<boolean> {
    const before = listingsOf(current?.value);
    const wanted = listingsOf(after);
    const added = listingsMissing(wanted, before);
    const reread = () => this.current(id);
    await Promise.all(added.map((listing) => this.listings.list(listing)));
    if (!(await this.records.write(id, current?.raw, after, this.ttlOf(after)))) {
      await Promise.all(added.map((listing) => this.listings.unlist(listing, reread)));
      return false;
    }
    await Promise.all(added.map((listing) => this.listings.list(listing)));
    await Promise.all(listingsMissing(before, wanted).map((listing) => this.listings.unlist(listing, reread)));
    return true;
  }

  /** Leases the claimable items among due entries, earliest first, at most `need`; drops entries that list nothing. */
  private async claimAmong(entries: readonly IndexEntry[], lease: Lease, need: number): Promise<OutboxItem[]> {
    const live = await this.liveRecords(DUE_SET, entries);
    const candidates = live.filter(({ record }) => isClaimable(record.value, lease.now));
    const won: OutboxItem[] = [];
    for (let next = 0; next < candidates.length && won.length < need; ) {
      const chunk = candidates.slice(next, next + need - won.length);
      next += chunk.length;
      for (const item of await Promise.all(chunk.map(({ record }) => this.lease(record, lease)))) if (item) won.push(item);
    }
    return won;
  }

  private async lease(record: StoredRecord<StoredItem>, { now, leaseMs, owner }: Lease): Promise<OutboxItem | undefined> {
    const leased: StoredItem = { ...record.value, leaseOwner: owner, leaseUntil: now + leaseMs };
    return (await this.records.write(record.value.id, record.raw, leased)) ? toItem(leased) : undefined;
  }

  /** The records the entries list, in entry order; entries listing no record are removed once old enough. */
  private async liveRecords(set: string, entries: readonly IndexEntry[]) {
    const records = await Promise.all(entries.map((entry) => this.records.read(readPosition(entry.member).id)));
    const live: { entry: IndexEntry; record: StoredRecord<StoredItem> }[] = [];
    const sweeps: Promise<void>[] = [];
    entries.forEach((entry, i) => {
      const record = records[i];
      const id = readPosition(entry.member).id;
      if (record && this.listings.lists(set, entry, record.value)) live.push({ entry, record });
      else if (this.listings.isSettled(entry)) sweeps.push(this.listings.unlist({ set, member: entry.member }, () => this.current(id)));
    });
    await Promise.all(sweeps);
    return live;
  }

  private async current(id: string): Promise<StoredItem | undefined> {
    return (await this.records.read(id))?.value;
  }

  private ttlOf(stored: StoredItem): number | undefined {
    if (stored.removed) return REMOVED_TTL_MS;
    return stored.status === "pending" ? undefined : this.doneTtlMs;
  }
}
