import type { Clock, UsageBucketWrite, UsageStore } from "../../../application/ports.ts";
import { guardStorage } from "../../../application/storage-unavailable.ts";
import type { Granularity } from "../../../domain/usage.ts";
import { type Deadline, type RedisClient, withDeadline } from "./redis-connection.ts";

/**
 * Usage buckets on the shared Redis: one hash per bucket, counters added with HINCRBY so any number of instances
 * sum exactly, each bucket given a TTL up to its expiry (Redis drops it by itself). A flush is one MULTI/EXEC
 * pipeline: it lands whole or not at all. A scope's buckets share a hash tag, so a cluster keeps them in one slot.
 */
export class RedisUsageStore implements UsageStore {
  constructor(
    private readonly client: RedisClient,
    private readonly keyPrefix: string,
    private readonly clock: Clock,
    private readonly deadline: Deadline = { ms: 1000 },
  ) {}

  add(writes: readonly UsageBucketWrite[]): Promise<void> {
    return guardStorage("usage flush", async () => {
      const now = this.clock.now();
      const multi = this.client.multi();
      let commands = 0;
      for (const write of writes) {
        const ttlMs = write.expiresAt - now;
        if (ttlMs <= 0) continue;
        const key = this.keyOf(write.scope, write.granularity, write.at);
        for (const [name, count] of write.fields) multi.hIncrBy(key, name, count);
        multi.pExpire(key, ttlMs);
        commands++;
      }
      if (commands > 0) await withDeadline(multi.exec(), this.deadline, "the usage flush");
    });
  }

  read(scope: string, granularity: Granularity, ats: readonly number[]): Promise<readonly ReadonlyMap<string, number>[]> {
    return guardStorage("usage read", async () => {
      // Sent in one tick, so node-redis writes them as one pipeline.
      const replies = await withDeadline(Promise.all(ats.map((at) => this.client.hGetAll(this.keyOf(scope, granularity, at)))), this.deadline, "the usage read");
      return replies.map((reply) => new Map(Object.entries(reply as Record<string, string>).map(([name, count]) => [name, Number(count)])));
    });
  }

  private keyOf(scope: string, granularity: Granularity, at: number): string {
    return `${this.keyPrefix}{${scope}}:${granularity}:${at}`;
  }
}
