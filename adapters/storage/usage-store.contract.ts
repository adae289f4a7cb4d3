import type { UsageBucketWrite, UsageStore } from "../../application/ports.ts";
import type { Granularity } from "../../domain/usage.ts";
import { testApi } from "./test-api.ts";

/** One store under test, a second one on the same backend (another connection or handle), and the stores' clock. */
export interface UsageStoreSubject {
  readonly store: UsageStore;
  readonly other: UsageStore;
  /** Epoch ms on the stores' clock. */
  now(): number;
  /** Lets `ms` pass for the stores (a fake clock advances; Redis TTLs need the real time to pass too). */
  elapse(ms: number): Promise<void>;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;
let sequence = 0;
const scope = () => `w:contract-${process.pid}-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;

const write = (where: string, granularity: Granularity, at: number, expiresAt: number, fields: Record<string, number>): UsageBucketWrite =>
  ({ scope: where, granularity, at, expiresAt, fields: new Map(Object.entries(fields)) });
const plain = (buckets: readonly ReadonlyMap<string, number>[]) => buckets.map((bucket) => Object.fromEntries(bucket));

/** The UsageStore contract of application/ports.ts, run by every usage store's test (memory, LMDB, Redis). */
export function describeUsageStore(name: string, make: () => Promise<UsageStoreSubject>): void {
  const { afterEach, beforeEach, describe, expect, it } = testApi();
  describe(`UsageStore contract: ${name}`, () => {
    let subject: UsageStoreSubject;
    beforeEach(async () => {
      subject = await make();
    });
    afterEach(async () => {
      await subject.close();
    });

    it("adds counters into a bucket across calls and reads a missing bucket as empty", async () => {
      const where = scope();
      const at = Math.floor(subject.now() / HOUR_MS) * HOUR_MS;
      const expiresAt = subject.now() + HOUR_MS;
      await subject.store.add([write(where, "hour", at, expiresAt, { "k\tt\t0": 2, "k\tt\t6": 2 })]);
      await subject.store.add([write(where, "hour", at, expiresAt, { "k\tt\t0": 3, "k\tt\te:invalid_input": 1 })]);
      expect(plain(await subject.store.read(where, "hour", [at - HOUR_MS, at]))).toEqual([{}, { "k\tt\t0": 5, "k\tt\t6": 2, "k\tt\te:invalid_input": 1 }]);
    });

    it("keeps buckets apart by scope, granularity and start", async () => {
      const [a, b] = [scope(), scope()];
      const at = Math.floor(subject.now() / HOUR_MS) * HOUR_MS;
      const expiresAt = subject.now() + HOUR_MS;
      await subject.store.add([write(a, "hour", at, expiresAt, { f: 1 }), write(a, "minute", at, expiresAt, { f: 2 }), write(a, "hour", at + 60_000, expiresAt, { f: 4 })]);
      await subject.store.add([write(b, "hour", at, expiresAt, { f: 8 })]);
      expect(plain(await subject.store.read(a, "hour", [at, at + 60_000]))).toEqual([{ f: 1 }, { f: 4 }]);
      expect(plain(await subject.store.read(a, "minute", [at]))).toEqual([{ f: 2 }]);
      expect(plain(await subject.store.read(b, "hour", [at]))).toEqual([{ f: 8 }]);
    });

    it("sums exactly what 40 concurrent adds from two connections add", async () => {
      const where = scope();
      const at = Math.floor(subject.now() / HOUR_MS) * HOUR_MS;
      const expiresAt = subject.now() + HOUR_MS;
      await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? subject.store : subject.other).add([write(where, "day", at, expiresAt, { calls: i + 1, one: 1 })])));
      // 1 + 2 + … + 40 = 820
      expect(plain(await subject.other.read(where, "day", [at]))).toEqual([{ calls: 820, one: 40 }]);
    });

    it("forgets a bucket at its expiresAt and skips a write that has expired already", async () => {
      const where = scope();
      const at = Math.floor(subject.now() / HOUR_MS) * HOUR_MS;
      await subject.store.add([write(where, "minute", at, subject.now() + 800, { f: 1 }), write(where, "minute", at + 60_000, subject.now(), { f: 1 })]);
      expect(plain(await subject.store.read(where, "minute", [at, at + 60_000]))).toEqual([{ f: 1 }, {}]);
      await subject.elapse(800);
      expect(plain(await subject.store.read(where, "minute", [at]))).toEqual([{}]);
    });
  });
}
