import type { RateLimitStore } from "../../application/ports.ts";
import { testApi } from "./test-api.ts";

/** One store under test, its clock (the one its windows follow), and how to let time pass on it. */
export interface RateLimitStoreSubject {
  readonly store: RateLimitStore;
  /** Epoch ms on the store's own clock. */
  now(): Promise<number>;
  /** Lets `ms` pass on the store's clock (a fake clock advances; a real one is waited for). */
  elapse(ms: number): Promise<void>;
  close(): Promise<void>;
  /** Whether the store adds nothing for a hit given a limit its window is past already (optional, as `hit` allows). */
  readonly leavesRefusalsUncounted?: boolean;
}

/** Long enough that a counting test never straddles a window boundary by chance (short ones test rollover). */
const HOUR_MS = 3_600_000;

let sequence = 0;
const bucket = () => `contract-${process.pid}-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;

/** The RateLimitStore contract of application/ports.ts, run by every limiter's test (memory, Redis). */
export function describeRateLimitStore(name: string, make: () => Promise<RateLimitStoreSubject>): void {
  const { afterEach, beforeEach, describe, expect, it } = testApi();
  describe(`RateLimitStore contract: ${name}`, () => {
    let subject: RateLimitStoreSubject;
    beforeEach(async () => {
      subject = await make();
    });
    afterEach(async () => {
      await subject.close();
    });

    it("counts the hits of one window from 1 up, with a reset that only shrinks", async () => {
      const id = bucket();
      const hits = [];
      for (let i = 0; i < 5; i++) hits.push(await subject.store.hit(id, HOUR_MS));
      expect(hits.map((hit) => hit.count)).toEqual([1, 2, 3, 4, 5]);
      for (const [i, hit] of hits.entries()) {
        expect(hit.resetInMs).toBeGreaterThan(0);
        expect(hit.resetInMs).toBeLessThanOrEqual(i === 0 ? HOUR_MS : hits[i - 1].resetInMs);
      }
    });

    it("keeps buckets apart", async () => {
      const [a, b] = [bucket(), bucket()];
      await subject.store.hit(a, HOUR_MS);
      await subject.store.hit(a, HOUR_MS);
      expect((await subject.store.hit(b, HOUR_MS)).count).toBe(1);
      expect((await subject.store.hit(a, HOUR_MS)).count).toBe(3);
    });

    it("counts 1,000 concurrent hits exactly: every count from 1 to 1,000 once", async () => {
      const id = bucket();
      const hits = await Promise.all(Array.from({ length: 1000 }, () => subject.store.hit(id, HOUR_MS)));
      const counts = hits.map((hit) => hit.count).sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    });

    // Holds whether the store counts a hit past its limit or leaves it uncounted, as hit's `limit` allows.
    it("given the limit, reads 1 to limit, then exactly limit + 1 on the first refused hit only, even 300 racing", async () => {
      const id = bucket();
      const limit = 100;
      const hits = await Promise.all(Array.from({ length: limit + 300 }, () => subject.store.hit(id, HOUR_MS, limit)));
      const counts = hits.map((hit) => hit.count).sort((x, y) => x - y);
      expect(counts.slice(0, limit + 1)).toEqual(Array.from({ length: limit + 1 }, (_, i) => i + 1));
      expect(counts.slice(limit + 1).every((count) => count > limit + 1)).toBe(true);
      const later = await subject.store.hit(id, HOUR_MS, limit);
      expect(later.count).toBeGreaterThan(limit + 1);
      const other = bucket();
      expect((await subject.store.hit(other, HOUR_MS, 0)).count).toBe(1);
      expect((await subject.store.hit(other, HOUR_MS, 0)).count).toBeGreaterThan(1);
    });

    it("adds nothing for a hit given a limit its window is past already: 20 such hits leave the count at limit + 1", async () => {
      if (!subject.leavesRefusalsUncounted) return;
      const id = bucket();
      for (let i = 1; i <= 3; i++) expect((await subject.store.hit(id, HOUR_MS, 2)).count).toBe(i);
      const refused = await Promise.all(Array.from({ length: 20 }, () => subject.store.hit(id, HOUR_MS, 2)));
      expect(refused.every((hit) => hit.count > 3 && hit.windowId === undefined)).toBe(true); // nothing to release
      expect((await subject.store.peek(id, HOUR_MS)).count).toBe(3);
      expect((await subject.store.hit(id, HOUR_MS)).count).toBe(4); // without a limit, counted as ever
      const short = bucket();
      for (let i = 0; i < 3; i++) await subject.store.hit(short, 1000, 1);
      await subject.elapse((await subject.store.peek(short, 1000)).resetInMs + 5);
      expect((await subject.store.hit(short, 1000, 1)).count).toBe(1); // a new window counts again
    });

    it("aligns windows to the epoch on the store's clock", async () => {
      for (const windowMs of [1000, 60_000, HOUR_MS]) {
        const before = await subject.now();
        const hit = await subject.store.hit(bucket(), windowMs);
        const after = await subject.now();
        // The window ends at a multiple of windowMs, resetInMs after some instant between before and after.
        const end = Math.floor((after + hit.resetInMs) / windowMs) * windowMs;
        expect(end).toBeGreaterThanOrEqual(before + hit.resetInMs);
        expect(hit.resetInMs).toBeGreaterThan(0);
        expect(hit.resetInMs).toBeLessThanOrEqual(windowMs);
      }
    });

    it("starts the next window at 1 once the current one has ended", async () => {
      const id = bucket();
      await subject.store.hit(id, 1000);
      // The last hit's window, not the first's: on a slow machine the second hit may already fall in the next one.
      const last = await subject.store.hit(id, 1000);
      await subject.elapse(last.resetInMs + 5);
      const next = await subject.store.hit(id, 1000);
      expect(next.count).toBe(1);
      expect(next.resetInMs).toBeLessThanOrEqual(1000);
    });

    it("peeks at a window's count without counting: 0 before any hit, then the count so far, 0 again in the next window", async () => {
      const id = bucket();
      expect((await subject.store.peek(id, HOUR_MS)).count).toBe(0);
      await subject.store.hit(id, HOUR_MS);
      await subject.store.hit(id, HOUR_MS);
      const peeked = await subject.store.peek(id, HOUR_MS);
      expect(peeked.count).toBe(2);
      expect(peeked.resetInMs).toBeGreaterThan(0);
      expect(peeked.resetInMs).toBeLessThanOrEqual(HOUR_MS);
      expect((await subject.store.peek(id, HOUR_MS)).count).toBe(2);
      expect((await subject.store.hit(id, HOUR_MS)).count).toBe(3);
      const short = bucket();
      const first = await subject.store.hit(short, 1000);
      await subject.elapse(first.resetInMs + 5);
      expect((await subject.store.peek(short, 1000)).count).toBe(0);
    });

    // release is optional: a store without it keeps every attempt counted, which is the safe side.
    it("releases a hit of its own window only: one down, never below 0, and a later window keeps its hits", async () => {
      const { store } = subject;
      if (!store.release) return;
      const id = bucket();
      const first = await store.hit(id, HOUR_MS);
      const second = await store.hit(id, HOUR_MS);
      expect(Number.isSafeInteger(first.windowId)).toBe(true);
      expect(second.windowId).toBe(first.windowId);
      await store.release(id, HOUR_MS, second.windowId as number);
      expect((await store.peek(id, HOUR_MS)).count).toBe(1);
      expect((await store.hit(id, HOUR_MS)).count).toBe(2);
      for (let i = 0; i < 3; i++) await store.release(id, HOUR_MS, first.windowId as number);
      expect((await store.peek(id, HOUR_MS)).count).toBe(0);
      const short = bucket();
      const ended = await store.hit(short, 1000);
      await subject.elapse(ended.resetInMs + 5);
      const next = await store.hit(short, 1000);
      expect(next.windowId).not.toBe(ended.windowId);
      await store.release(short, 1000, ended.windowId as number);
      expect((await store.peek(short, 1000)).count).toBe(1);
    });

    it("releases atomically: 300 releases racing 300 hits on a count of 300 leave exactly 300", async () => {
      const { store } = subject;
      if (!store.release) return;
      const id = bucket();
      const hits = await Promise.all(Array.from({ length: 300 }, () => store.hit(id, HOUR_MS)));
      const windowId = hits[0].windowId as number;
      const calls = Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? store.release?.(id, HOUR_MS, windowId) : store.hit(id, HOUR_MS)));
      await Promise.all(calls);
      expect((await store.peek(id, HOUR_MS)).count).toBe(300);
    });
  });
}
