import type Keyv from "keyv";
import type { Clock, FlashStore, SessionStore } from "../../application/ports.ts";
import type { Session } from "../../domain/session.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import type { AtomicRecords } from "./atomic-records.ts";
import { KeyedLock } from "./keyed-lock.ts";
import { type SortedIndex, sortedIndexOf } from "./sorted-index.ts";

/**
 * Sessions by token hash in one Keyv namespace; the TTL lets Redis drop them itself once they expire. Each account's
 * sessions are also a set of a sorted index (`byAccount`, member = opening time and id), pruned of sessions the
 * storage dropped as it is read, so the sessions list costs one read per live session; every save keeps the newest
 * MAX_INDEXED_SESSIONS in the same atomic step, so an account that signs in often but never lists its sessions does
 * not grow its set without bound (a session lives a day at most: far fewer are ever alive at once).
 */
export class KeyvSessionStore implements SessionStore {
  private readonly byAccount: SortedIndex;
  private readonly lock = new KeyedLock();

  constructor(
    private readonly records: Keyv<Session>,
    private readonly clock: Clock,
    byAccount: Keyv<never>,
    /** The same namespace's records: with them an update is a compare-and-set, exact across instances. */
    private readonly atomic?: AtomicRecords<Session>,
  ) {
    this.byAccount = sortedIndexOf(byAccount);
  }

  save(session: Session, expiresAt: number): Promise<void> {
    return guardStorage("saveSession", async () => {
      // The index entry first: a stored session is always listed (an entry without its session is pruned when read).
      await this.byAccount.put(session.accountId, memberOf(session), "", { keep: MAX_INDEXED_SESSIONS });
      // The TTL is housekeeping (Redis drops the record itself); ResolveSession decides expiry on the same clock.
      await this.records.set(session.id, session, Math.max(1000, expiresAt - this.clock.now()));
    });
  }

  find(id: string): Promise<Session | undefined> {
    return guardStorage("findSession", () => this.records.get(id));
  }

  update(id: string, change: (current: Session) => Session, expiresAt: (session: Session) => number): Promise<Session | undefined> {
    return guardStorage("updateSession", async () => {
      const ttlOf = (session: Session) => Math.max(1000, expiresAt(session) - this.clock.now());
      const { atomic } = this;
      if (!atomic) {
        return this.lock.run(id, async () => {
          const current = await this.records.get(id);
          const next = current && change(current);
          if (next && next !== current) await this.records.set(id, next, ttlOf(next));
          return next;
        });
      }
      for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
        const stored = await atomic.read(id);
        if (!stored) return undefined;
        const next = change(stored.value);
        if (next === stored.value || (await atomic.write(id, stored.raw, next, ttlOf(next)))) return next;
      }
      throw new Error(`session kept changing: ${MAX_UPDATE_ATTEMPTS} attempts to change it lost to other writers`);
    });
  }

  delete(id: string): Promise<void> {
    return guardStorage("deleteSession", () =>
      // In the update's lock: without atomic records, an update in this process then never writes it back.
      this.lock.run(id, async () => {
        const session = await this.records.get(id);
        await this.records.delete(id);
        if (session) await this.byAccount.remove(session.accountId, memberOf(session));
      }));
  }

  listByAccount(accountId: string): Promise<readonly Session[]> {
    return guardStorage("listSessions", async () => {
      const found: Session[] = [];
      for (const { member } of await this.byAccount.all(accountId)) {
        const session = await this.records.get(idOf(member));
        if (session) found.push(session);
        else await this.byAccount.remove(accountId, member);
      }
      return found.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    });
  }
}

const MAX_INDEXED_SESSIONS = 1000;
/** How many times an update is tried against other writers: each lost try means another request's update landed. */
const MAX_UPDATE_ATTEMPTS = 50;

/** Index members sort by opening time (so `keep` trims the oldest); the session id follows the separator. */
const memberOf = (session: Session): string => `${session.createdAt.toString(36).padStart(9, "0")}:${session.id}`;
const idOf = (member: string): string => member.slice(member.indexOf(":") + 1);

/**
 * One-time values in a Keyv namespace, deleted as they are read. With the namespace's atomic records a take is a
 * compare-and-set from the value to a short-lived tombstone, so of concurrent takes on any instance exactly one
 * wins; without them (a custom Keyv-only storage) takes are exact within this process.
 */
export class KeyvFlashStore implements FlashStore {
  private readonly lock = new KeyedLock();

  constructor(private readonly records: Keyv<string>, private readonly atomic?: AtomicRecords<string>) {}

  put(id: string, value: string, ttlMs: number): Promise<void> {
    return guardStorage("putFlash", async () => {
      await this.records.set(id, value, ttlMs);
    });
  }

  take(id: string): Promise<string | undefined> {
    return guardStorage("takeFlash", async () => {
      const { atomic } = this;
      if (!atomic) {
        return this.lock.run(id, async () => {
          const value = await this.records.get(id);
          if (value !== undefined) await this.records.delete(id);
          return value;
        });
      }
      const current = await atomic.read(id);
      if (!current) return undefined;
      const value = await this.records.get(id); // Keyv's own read: undefined once expired.
      if (value === undefined || value === TAKEN) return undefined;
      if (!(await atomic.write(id, current.raw, TAKEN, TOMBSTONE_MS))) return undefined;
      return value;
    });
  }
}

/** What a taken value becomes until the storage drops it: a value that no take returns. */
const TAKEN = "\u0000taken";
const TOMBSTONE_MS = 60_000;
