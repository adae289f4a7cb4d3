import { describe, expect, it } from "vitest";
import { makeKey } from "../adapters/storage/api-key-store.contract.ts";
import { MemoryRateLimitStore } from "../adapters/storage/memory/memory-rate-limit-store.ts";
import { FixedClock } from "../adapters/system.ts";
import { ConsumeRateLimit } from "./consume-rate-limit.ts";

describe("ConsumeRateLimit", () => {
  const key = { ...makeKey(), policy: { limit: 3, windowMs: 60_000 } };

  it("counts the unit itself when none was taken while the key was read", async () => {
    const limits = new MemoryRateLimitStore(new FixedClock(0));
    const consume = new ConsumeRateLimit({ limits });
    expect((await consume.execute({ key })).remaining).toBe(2);
    expect((await limits.peek(key.id, 60_000)).count).toBe(1);
  });

  it("decides with a unit already taken while the key was read, never counting it again", async () => {
    const limits = new MemoryRateLimitStore(new FixedClock(0));
    const refused: number[] = [];
    const consume = new ConsumeRateLimit({ limits, onRefused: (_, hit) => void refused.push(hit.count) });
    expect(await consume.execute({ key, hit: { count: 3, resetInMs: 1000 } })).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1 });
    expect(await consume.execute({ key, hit: { count: 4, resetInMs: 1000 } })).toMatchObject({ allowed: false });
    expect(refused).toEqual([4]);
    expect((await limits.peek(key.id, 60_000)).count).toBe(0);
  });
});
