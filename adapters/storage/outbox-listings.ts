import type { OutboxItem } from "../../application/ports.ts";
import type { IndexEntry, SortedIndex } from "./sorted-index.ts";

/** The set listing every pending item by when it may next be claimed. */
export const DUE_SET = "due";
/** The set of one log's items, by creation. */
export const logSet = (log: string): string => `log:${log}`;

/** An item as the outbox stores it: the item, where the due set lists it, and a mark while it is being removed. */
export type StoredItem = OutboxItem & {
  /** The time the due set lists it under (null: not listed). Writers set it; a claim leaves it as it is. */
  readonly listedAt?: number | null;
  /** Set by settle(null) just before the record is deleted: every reader takes the item for gone. */
  readonly removed?: true;
};

/** One entry an item has (or should have) in a sorted set. */
export interface Listing {
  readonly set: string;
  readonly member: string;
}

// 15 digits hold every epoch ms up to the year 33658; fixed width makes byte order time order.
const WIDTH = 15;
const LATEST = 10 ** WIDTH - 1;

/** A member `<time, zero-padded>|<id>`: sets order their members by time, then id. */
export const positionOf = (at: number, id: string): string => `${String(toTime(at)).padStart(WIDTH, "0")}|${id}`;

/** The time and id of a member made by positionOf. */
export const readPosition = (member: string): { at: number; id: string } => ({ at: Number(member.slice(0, WIDTH)), id: member.slice(WIDTH + 1) });

const toTime = (at: number): number => Math.min(LATEST, Math.max(0, Math.floor(at)));

/**
 * When the due set should list an item: a pending one at the later of its due time and its lease's end (an item added
 * already leased, a change in flight, is not read by every claim until then); others not at all.
 */
export function listingTime(item: OutboxItem): number | null {
  if (item.status !== "pending" || item.nextAttemptAt === null) return null;
  return toTime(Math.max(item.nextAttemptAt, item.leaseUntil ?? 0));
}

/** Whether a claim at `now` may lease the item: pending, due, and its lease (if any) ended. */
export const isClaimable = (item: OutboxItem, now: number): boolean =>
  item.status === "pending" && item.nextAttemptAt !== null && item.nextAttemptAt <= now && (item.leaseUntil === null || item.leaseUntil <= now);

/** The item as stored, listed where listingTime says. */
export const toStored = (item: OutboxItem): StoredItem => ({ ...item, listedAt: listingTime(item) });

/** The item without the store's bookkeeping. */
export function toItem(stored: StoredItem): OutboxItem {
  const { listedAt: _listedAt, removed: _removed, ...item } = stored;
  return item;
}

/** The entries a stored record should have: its due listing and its log entry (none once removed). */
export function listingsOf(stored: StoredItem | undefined): Listing[] {
  if (!stored || stored.removed) return [];
  const listings: Listing[] = [];
  if (stored.listedAt !== undefined && stored.listedAt !== null) listings.push({ set: DUE_SET, member: positionOf(stored.listedAt, stored.id) });
  if (stored.log !== null) listings.push({ set: logSet(stored.log), member: positionOf(stored.createdAt, stored.id) });
  return listings;
}

const same = (a: Listing, b: Listing): boolean => a.set === b.set && a.member === b.member;

/** The listings of `from` that `to` lacks. */
export const listingsMissing = (from: readonly Listing[], to: readonly Listing[]): Listing[] => from.filter((l) => !to.some((m) => same(l, m)));

/**
 * The outbox's sorted sets. Each entry's value is when it was written (this process's clock), so that an entry
 * without its record is taken for garbage only once no writer can still be between listing it and writing the record.
 */
export class OutboxListings {
  constructor(
    private readonly index: SortedIndex,
    private readonly retention: number,
    private readonly staleAfterMs: number,
  ) {}

  async list(listing: Listing): Promise<void> {
    const keep = listing.set === DUE_SET ? undefined : this.retention;
    await this.index.put(listing.set, listing.member, String(Date.now()), { keep });
  }

  /**
   * Removes an entry, then lists it again if the record (read after the removal) has it: a writer that listed the
   * same entry and wrote its record meanwhile keeps it.
   */
  async unlist(listing: Listing, reread: () => Promise<StoredItem | undefined>): Promise<void> {
    await this.index.remove(listing.set, listing.member);
    if (listingsOf(await reread()).some((l) => same(l, listing))) await this.list(listing);
  }

  /** Whether an entry is old enough that a record it lacks will not come (its writer finished or died). */
  isSettled(entry: IndexEntry): boolean {
    return Date.now() - Number(entry.value) >= this.staleAfterMs;
  }

  /** Whether `stored` is the record the entry of `set` lists. */
  lists(set: string, entry: IndexEntry, stored: StoredItem | undefined): boolean {
    return listingsOf(stored).some((l) => same(l, { set, member: entry.member }));
  }

  due(limit: number, above?: string): Promise<IndexEntry[]> {
    return this.index.ascending(DUE_SET, limit, above);
  }

  newest(log: string, limit: number, below?: string): Promise<IndexEntry[]> {
    return this.index.descending(logSet(log), limit, below);
  }
}
