import type { Outbox, OutboxItem } from "../../application/ports.ts";
import { testApi } from "./test-api.ts";

/** One outbox under test, fresh and empty, and how to release it. */
export interface OutboxSubject {
  readonly outbox: Outbox;
  /** A second outbox on the same backend (another instance's view), where the backend is shared; else left out. */
  readonly other?: Outbox;
  close(): Promise<void>;
}

/** A fresh outbox; `retention` (items kept per log) when the test needs a small one. */
export type MakeOutbox = (options?: { readonly retention?: number }) => Promise<OutboxSubject>;

/** How many times the claim race runs: a double claim shows in a few trials, rarely in one. */
const RACE_TRIALS = 5;
const T0 = Date.UTC(2026, 0, 1);
let sequence = 0;

/** A pending email item due at T0 with a unique id, with `overrides`. */
export function makeOutboxItem(overrides: Partial<OutboxItem> = {}): OutboxItem {
  sequence += 1;
  const id = `eml_contract${String(sequence).padStart(6, "0")}_${Math.random().toString(36).slice(2, 8)}`;
  return {
    id, work: { kind: "email", email: { to: "a@example.com", subject: `n° ${sequence}`, text: "hello" } }, status: "pending", createdAt: T0,
    attempts: 0, lastAttemptAt: null, nextAttemptAt: T0, responseStatus: null, error: null, log: null, leaseOwner: null, leaseUntil: null,
    ...overrides,
  };
}

const ids = (items: readonly OutboxItem[]) => items.map((item) => item.id);

/** Every item of a log, read `limit` at a time. */
async function readLog(outbox: Outbox, log: string, limit: number): Promise<OutboxItem[][]> {
  const pages: OutboxItem[][] = [];
  let before: string | undefined;
  do {
    const page = await outbox.page(log, { limit, before });
    pages.push([...page.items]);
    before = page.next;
  } while (before !== undefined);
  return pages;
}

/** Claims at `now` until a claim returns nothing; every item returned is leased to `owner`. */
async function claimAll(outbox: Outbox, now: number, limit: number, owner: string): Promise<OutboxItem[]> {
  const mine: OutboxItem[] = [];
  for (;;) {
    const got = await outbox.claim(now, limit, 60_000, owner);
    if (got.length === 0) return mine;
    if (got.length > limit || got.some((item) => item.leaseOwner !== owner)) throw new Error(`claim(${limit}) by ${owner} returned ${JSON.stringify(got)}`);
    mine.push(...got);
  }
}

/** The Outbox contract of application/outbox-ports.ts, run by every adapter's test (memory, LMDB, Redis, Redis Cluster). */
export function describeOutbox(name: string, make: MakeOutbox): void {
  const { afterEach, describe, expect, it } = testApi();
  describe(`Outbox contract: ${name}`, () => {
    let subject: OutboxSubject | undefined;
    const open = async (options?: { retention?: number }) => (subject = await make(options));
    afterEach(async () => {
      await subject?.close();
      subject = undefined;
    });

    it("finds an added item field for field; adding its id again keeps the first", async () => {
      const { outbox, other = outbox } = await open();
      const item = makeOutboxItem({ log: "wh_1", work: { kind: "delivery", webhookId: "wh_1", event: { id: "evt_1", type: "webhook.test", timestamp: "2026-01-01T00:00:00.000Z", workspaceId: "ws_1", data: { id: "evt_1" } } } });
      await outbox.add([item]);
      await other.add([{ ...item, attempts: 5, nextAttemptAt: T0 + 10 }]);
      expect(await other.find(item.id)).toEqual(item);
      expect(await outbox.find("eml_unknown")).toBeUndefined();
      expect(ids(await outbox.claim(T0, 10, 1000, "a"))).toEqual([item.id]);
      expect((await outbox.page("wh_1", { limit: 10 })).items.map((i) => i.attempts)).toEqual([0]);
    });

    it("claims only due, pending items whose lease is free, earliest first, up to the limit, leased to the owner", async () => {
      const { outbox } = await open();
      const [late, early, middle, future] = [3, 1, 2, 10].map((s) => makeOutboxItem({ nextAttemptAt: T0 + s * 1000 }));
      const done = [makeOutboxItem({ status: "delivered", nextAttemptAt: null }), makeOutboxItem({ status: "failed", nextAttemptAt: null })];
      const held = makeOutboxItem({ leaseOwner: "x", leaseUntil: T0 + 60_000 });
      await outbox.add([late, early, middle, future, ...done, held]);
      const first = await outbox.claim(T0 + 5000, 2, 30_000, "a");
      expect(first).toEqual([early, middle].map((i) => ({ ...i, leaseOwner: "a", leaseUntil: T0 + 35_000 })));
      expect(await outbox.find(early.id)).toEqual(first[0]);
      expect(ids(await outbox.claim(T0 + 5000, 10, 30_000, "b"))).toEqual([late.id]);
      expect(await outbox.claim(T0 + 5000, 10, 30_000, "b")).toEqual([]);
      expect(ids(await outbox.claim(T0 + 34_999, 10, 30_000, "b"))).toEqual([future.id]);
      // Leases ended (the first three's at T0 + 35 s, the held one's at T0 + 60 s): claimable again, in due order.
      expect(ids(await outbox.claim(T0 + 60_000, 10, 30_000, "c"))).toEqual([early, middle, late, held].map((i) => i.id));
    });

    it("claims past leased items ahead of the due ones, in order (the due set read in several batches)", async () => {
      const { outbox } = await open();
      const items = Array.from({ length: 90 }, (_, i) => makeOutboxItem({ nextAttemptAt: T0 + i }));
      await outbox.add([...items].reverse());
      expect(ids(await outbox.claim(T0 + 100, 70, 60_000, "a"))).toEqual(ids(items.slice(0, 70)));
      expect(ids(await outbox.claim(T0 + 100, 5, 60_000, "b"))).toEqual(ids(items.slice(70, 75)));
      expect(ids(await outbox.claim(T0 + 100, 100, 60_000, "c"))).toEqual(ids(items.slice(75)));
    });

    it("does not claim a leased item again until its lease ends, then does", async () => {
      const { outbox, other = outbox } = await open();
      const item = makeOutboxItem();
      await outbox.add([item]);
      expect(ids(await outbox.claim(T0, 10, 1000, "a"))).toEqual([item.id]);
      expect(await other.claim(T0 + 999, 10, 1000, "b")).toEqual([]);
      expect(await other.claim(T0 + 1000, 10, 1000, "b")).toEqual([{ ...item, leaseOwner: "b", leaseUntil: T0 + 2000 }]);
      expect(await outbox.settle(item.id, "a", { ...item, status: "delivered", nextAttemptAt: null })).toBe(false);
      expect((await outbox.find(item.id))?.leaseOwner).toBe("b");
    });

    it("hands each of 200 items to exactly one of several racing claimers", async () => {
      const { outbox, other = outbox } = await open();
      for (let trial = 0; trial < RACE_TRIALS; trial++) {
        const items = Array.from({ length: 200 }, () => makeOutboxItem({ nextAttemptAt: T0 + trial }));
        await outbox.add(items);
        // Claimers on both handles with different limits, each claiming until nothing is left for it.
        const claimers = [7, 13, 25, 50].map((limit, n) => claimAll(n % 2 ? other : outbox, T0 + trial, limit, `c${n}`));
        const claimed = (await Promise.all(claimers)).flat();
        expect({ trial, claimed: claimed.length, distinct: new Set(ids(claimed)).size }).toEqual({ trial, claimed: 200, distinct: 200 });
        expect(new Set(ids(claimed))).toEqual(new Set(ids(items)));
        expect(await outbox.claim(T0 + trial, 10, 60_000, "late")).toEqual([]);
        await Promise.all(items.map((item) => outbox.update(item.id, (i) => ({ ...i, status: "delivered", nextAttemptAt: null }))));
      }
    }, 120_000);

    it("refuses a settle by anyone but the holder and writes nothing", async () => {
      const { outbox, other = outbox } = await open();
      const item = makeOutboxItem();
      await outbox.add([item]);
      const [held] = await outbox.claim(T0, 1, 1000, "a");
      expect(await other.settle(item.id, "b", { ...item, status: "delivered", nextAttemptAt: null })).toBe(false);
      expect(await other.settle(item.id, "b", null)).toBe(false);
      expect(await outbox.settle("eml_unknown", "a", null)).toBe(false);
      expect(await outbox.find(item.id)).toEqual(held);
    });

    it("settles with a later attempt: the lease cleared, due again only then", async () => {
      const { outbox, other = outbox } = await open();
      const item = makeOutboxItem();
      await outbox.add([item]);
      await outbox.claim(T0, 1, 60_000, "a");
      const next = { ...item, attempts: 1, lastAttemptAt: T0, nextAttemptAt: T0 + 5000, responseStatus: 500, error: "HTTP 500", leaseOwner: "a", leaseUntil: T0 + 60_000 };
      expect(await other.settle(item.id, "a", next)).toBe(true);
      expect(await outbox.find(item.id)).toEqual({ ...next, leaseOwner: null, leaseUntil: null });
      expect(await outbox.claim(T0 + 4999, 10, 1000, "b")).toEqual([]);
      expect(ids(await outbox.claim(T0 + 5000, 10, 1000, "b"))).toEqual([item.id]);
    });

    it("settles as delivered: never claimed again, still in its log; settled as null: gone everywhere", async () => {
      const { outbox } = await open();
      const [kept, dropped] = [makeOutboxItem({ log: "wh_d" }), makeOutboxItem({ log: "wh_d", createdAt: T0 + 1 })];
      await outbox.add([kept, dropped]);
      expect(ids(await outbox.claim(T0, 10, 1000, "a"))).toHaveLength(2);
      const delivered = { ...kept, status: "delivered" as const, attempts: 1, lastAttemptAt: T0, nextAttemptAt: null, responseStatus: 204 };
      expect(await outbox.settle(kept.id, "a", delivered)).toBe(true);
      expect(await outbox.settle(dropped.id, "a", null)).toBe(true);
      expect(await outbox.claim(T0 + 86_400_000, 10, 1000, "b")).toEqual([]);
      expect(await outbox.find(dropped.id)).toBeUndefined();
      expect(await outbox.page("wh_d", { limit: 10 })).toEqual({ items: [delivered], next: undefined });
      expect(await outbox.update(dropped.id, (i) => i)).toBeUndefined();
    });

    it("pages a log newest first by cursor, nothing of other logs, and keeps each log's newest items", async () => {
      const { outbox } = await open({ retention: 5 });
      const items = Array.from({ length: 8 }, (_, i) => makeOutboxItem({ log: "wh_p", createdAt: T0 + i * 1000 }));
      await outbox.add([...items, makeOutboxItem({ log: "wh_other" }), makeOutboxItem()]);
      const pages = await readLog(outbox, "wh_p", 2);
      expect(pages.map(ids)).toEqual([ids(items.slice(6).reverse()), ids(items.slice(4, 6).reverse()), [items[3].id]]);
      expect((await outbox.page("wh_p", { limit: 5 })).next).toBeUndefined();
      expect(ids((await outbox.page("wh_other", { limit: 10 })).items)).toHaveLength(1);
      expect(await outbox.page("wh_none", { limit: 10 })).toEqual({ items: [], next: undefined });
    });

    it("changes an item through update, keeping the due set in step, atomically", async () => {
      const { outbox, other = outbox } = await open();
      const [moved, failed] = [makeOutboxItem({ nextAttemptAt: T0 + 100_000 }), makeOutboxItem()];
      await outbox.add([moved, failed]);
      expect(await other.update(moved.id, (i) => ({ ...i, nextAttemptAt: T0 + 10 }))).toEqual({ ...moved, nextAttemptAt: T0 + 10 });
      await outbox.update(failed.id, (i) => ({ ...i, status: "failed", nextAttemptAt: null }));
      expect(await outbox.update(moved.id, () => undefined)).toEqual({ ...moved, nextAttemptAt: T0 + 10 });
      expect(await outbox.update("eml_unknown", (i) => i)).toBeUndefined();
      expect(await outbox.claim(T0 + 9, 10, 1000, "a")).toEqual([]);
      expect(ids(await outbox.claim(T0 + 100_000, 10, 1000, "a"))).toEqual([moved.id]);
      await Promise.all(Array.from({ length: 20 }, (_, n) => (n % 2 ? other : outbox).update(failed.id, (i) => ({ ...i, attempts: i.attempts + 1 }))));
      expect((await outbox.find(failed.id))?.attempts).toBe(20);
    });
  });
}
