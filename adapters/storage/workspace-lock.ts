import { randomUUID } from "node:crypto";
import { guardStorage, StorageUnavailableError } from "../../application/storage-unavailable.ts";
import type { AtomicRecords } from "./atomic-records.ts";
import type { EnsureHeld } from "../../application/ports.ts";
import { KeyedLock } from "./keyed-lock.ts";

/** Who holds a workspace's lock and until when (epoch ms); an empty holder: free. */
export interface Lease {
  readonly holder: string;
  readonly until: number;
}

/** A section holds its lease at most this long: past it (its process died) another caller may take it over. */
export const LEASE_MS = 10_000;
/** How long a caller waits for a busy workspace before failing closed (503). */
const WAIT_MS = 5_000;
/**
 * How much of its lease a section must have left to start a write: the write and the change's journal around it, a
 * few storage round trips each bounded to about a second, then end within the lease, so no other instance has taken
 * the workspace over meanwhile. A section that stalled (a pause, storage slow to answer) stops before writing instead.
 */
export const WRITE_MARGIN_MS = 5_000;

const ALWAYS_HELD: EnsureHeld = () => undefined;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One section at a time per key, across every process sharing the storage: a lease record taken and given back with
 * compare-and-set (Storage.atomic), so it holds wherever the atomic records do (LMDB, Redis, Redis Cluster). Without
 * lease records (in-memory wiring) it is a lock within this process, which is then the only one.
 */
export class LeaseLock {
  private readonly local = new KeyedLock();

  constructor(
    private readonly leases?: AtomicRecords<Lease>,
    private readonly now: () => number = Date.now,
  ) {}

  run<T>(key: string, section: (ensureHeld: EnsureHeld) => Promise<T>): Promise<T> {
    // Callers of this process queue here first, so at most one of them competes for the shared lease.
    const leases = this.leases;
    // Alone in its process, the lock cannot lapse.
    return this.local.run(key, leases ? () => this.leased(leases, key, section) : () => section(ALWAYS_HELD));
  }

  private async leased<T>(leases: AtomicRecords<Lease>, key: string, section: (ensureHeld: EnsureHeld) => Promise<T>): Promise<T> {
    const holder = randomUUID();
    const until = await guardStorage("acquireLease", () => this.acquire(leases, key, holder));
    const ensureHeld = () => {
      if (this.now() > until - WRITE_MARGIN_MS) throw new StorageUnavailableError(`workspace ${key}: the section outlived its lease, so it wrote nothing`);
    };
    try {
      return await section(ensureHeld);
    } finally {
      await guardStorage("releaseLease", () => this.release(leases, key, holder));
    }
  }

  /** Takes the lease; returns until when it is held (this process's clock). */
  private async acquire(leases: AtomicRecords<Lease>, key: string, holder: string): Promise<number> {
    const giveUpAt = this.now() + WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      const current = await leases.read(key);
      const now = this.now();
      const free = !current || current.value.until <= now;
      if (free && (await leases.write(key, current?.raw, { holder, until: now + LEASE_MS }))) return now + LEASE_MS;
      if (now >= giveUpAt) throw new StorageUnavailableError(`workspace ${key} stayed busy for ${WAIT_MS} ms`);
      // Jittered, growing pauses: racing instances do not retry in lockstep.
      await pause(Math.min(50, 2 ** attempt) * (0.5 + Math.random()));
    }
  }

  private async release(leases: AtomicRecords<Lease>, key: string, holder: string): Promise<void> {
    const current = await leases.read(key);
    // Only our own lease is given back: one that ran out and was taken over belongs to its new holder.
    if (current?.value.holder === holder) await leases.write(key, current.raw, { holder: "", until: 0 });
  }
}
