import { describe, expect, it } from "vitest";
import { decide, parseRatePolicy, toPolicy, windowAt } from "./rate-limit.ts";

describe("windowAt", () => {
  it.each([
    [60_000, 0, { id: 0, startMs: 0, resetInMs: 60_000 }],
    [60_000, 59_999, { id: 0, startMs: 0, resetInMs: 1 }],
    [60_000, 60_000, { id: 1, startMs: 60_000, resetInMs: 60_000 }],
    [1_000, 1_500, { id: 1, startMs: 1_000, resetInMs: 500 }],
  ])("aligns a %i ms window at now=%i to the epoch", (windowMs, now, expected) => {
    expect(windowAt(windowMs, now)).toEqual(expected);
  });
});

describe("decide", () => {
  const policy = { limit: 3, windowMs: 60_000 };

  it.each([
    [1, 30_000, { allowed: true, limit: 3, remaining: 2, resetSeconds: 30 }],
    [3, 30_000, { allowed: true, limit: 3, remaining: 0, resetSeconds: 30 }],
    [4, 30_000, { allowed: false, limit: 3, remaining: 0, resetSeconds: 30 }],
    [9, 1, { allowed: false, limit: 3, remaining: 0, resetSeconds: 1 }],
    [1, 59_001, { allowed: true, limit: 3, remaining: 2, resetSeconds: 60 }],
    [1, 0, { allowed: true, limit: 3, remaining: 2, resetSeconds: 1 }],
  ])("count %i with %i ms left decides %o", (count, resetInMs, expected) => {
    expect(decide(policy, { count, resetInMs })).toEqual(expected);
  });
});

describe("parseRatePolicy", () => {
  it.each([
    ["60/60s", { limit: 60, windowMs: 60_000 }],
    ["100/1m", { limit: 100, windowMs: 60_000 }],
    ["5/1h", { limit: 5, windowMs: 3_600_000 }],
    ["10/30", { limit: 10, windowMs: 30_000 }],
    [" 7/24h ", { limit: 7, windowMs: 86_400_000 }],
  ])("reads %s", (text, expected) => {
    expect(parseRatePolicy(text)).toEqual(expected);
  });

  it.each(["abc", "", "0/60s", "60/0s", "60/25h", "1/60d", "-1/60s", "1.5/60s", "1000000001/1s"])("refuses %j", (text) => {
    expect(parseRatePolicy(text)).toBeUndefined();
  });

  it("bounds limits to 1..10^9 and windows to 1..86400 s", () => {
    expect(toPolicy(1_000_000_000, 86_400)).toEqual({ limit: 1_000_000_000, windowMs: 86_400_000 });
    expect(toPolicy(1, 86_401)).toBeUndefined();
  });
});
