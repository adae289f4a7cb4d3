import { afterEach, describe, expect, it, vi } from "vitest";
import { backoffMs, DEFAULT_RETRY, headerDelayMs, retryAfterSeconds, retryDelayMs, retryPolicy, sleep } from "./retry.ts";

const policy = retryPolicy({ maxAttempts: 8, baseMs: 100, capMs: 1000 });
const always = (value: number) => () => value;
const headers = (entries: Record<string, string>) => new Headers(entries);

describe("full-jitter backoff", () => {
  it("draws from [0, base·2^(attempt−1)) until the cap, then from [0, cap)", () => {
    // Just under 1: the top of each attempt's range, computed by hand from base 100 and cap 1000.
    const top = [1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(attempt, policy, always(0.999999)));
    expect(top).toEqual([99, 199, 399, 799, 999, 999]);
  });

  it("waits nothing when the random draw is 0 and half the range at 0.5", () => {
    expect(backoffMs(3, policy, always(0))).toBe(0);
    expect(backoffMs(3, policy, always(0.5))).toBe(200);
  });

  it("stays inside its range for any draw", () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      for (let i = 0; i < 200; i++) {
        const delay = backoffMs(attempt, policy, Math.random);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(Math.min(1000, 100 * 2 ** (attempt - 1)));
      }
    }
  });
});

describe("headers that say how long to wait", () => {
  it("reads whole seconds and HTTP dates, and ignores what it cannot read", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(headerDelayMs("3", now)).toBe(3000);
    expect(headerDelayMs(" 0 ", now)).toBe(0);
    expect(headerDelayMs("Thu, 01 Jan 2026 00:00:05 GMT", now)).toBe(5000);
    expect(headerDelayMs("Wed, 31 Dec 2025 23:59:00 GMT", now)).toBe(0);
    expect(headerDelayMs(null, now)).toBeUndefined();
    expect(headerDelayMs("soon", now)).toBeUndefined();
    expect(headerDelayMs("", now)).toBeUndefined();
  });

  it.each(["-1", "-5", "1.5", "1e3", "+5", "0x10", "NaN", "Infinity", "3600s", "2026-01-01T00:00:05Z", "Thursday"])("reads %j as absent (Date.parse alone takes some for dates)", (value) => {
    expect(headerDelayMs(value, Date.parse("2026-01-01T00:00:00Z"))).toBeUndefined();
  });

  it("reads the two obsolete HTTP-date forms of RFC 9110", () => {
    const now = Date.parse("1994-11-06T08:49:00Z");
    expect(headerDelayMs("Sunday, 06-Nov-94 08:49:37 GMT", now)).toBe(37_000);
    expect(headerDelayMs("Sun Nov  6 08:49:37 1994", now)).toBe(37_000);
  });

  it("keeps absurd values finite and longer than any wait a timer can hold", () => {
    for (const value of ["9".repeat(400), "99999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT"]) {
      const ms = headerDelayMs(value, 0);
      expect(Number.isFinite(ms)).toBe(true);
      expect(ms).toBeGreaterThan(2 ** 31);
    }
  });

  it("gives retryAfterSeconds from Retry-After, else a 429's X-Ratelimit-Reset, rounded up", () => {
    const now = Date.now();
    expect(retryAfterSeconds(429, headers({ "retry-after": "3600", "x-ratelimit-reset": "7" }))).toBe(3600);
    expect(retryAfterSeconds(429, headers({ "x-ratelimit-reset": "7" }))).toBe(7);
    expect(retryAfterSeconds(503, headers({ "x-ratelimit-reset": "7" }))).toBeUndefined();
    expect(retryAfterSeconds(429, headers({ "retry-after": new Date(now + 90_500).toUTCString() }))).toBeGreaterThanOrEqual(89);
  });
});

describe("which answers are retried", () => {
  it("backs off on a 429 whose Retry-After is unreadable, as if it were absent", () => {
    expect(retryDelayMs(429, headers({ "retry-after": "-1" }), 2, policy, always(0.5))).toBe(100);
    expect(retryDelayMs(429, headers({ "retry-after": "1.5", "x-ratelimit-reset": "7" }), 2, policy, always(0.5))).toBe(7000);
  });

  it("waits Retry-After on 429, else X-Ratelimit-Reset, else backs off", () => {
    expect(retryDelayMs(429, headers({ "retry-after": "2", "x-ratelimit-reset": "7" }), 1, policy, always(0.5))).toBe(2000);
    expect(retryDelayMs(429, headers({ "x-ratelimit-reset": "7" }), 1, policy, always(0.5))).toBe(7000);
    expect(retryDelayMs(429, headers({}), 2, policy, always(0.5))).toBe(100);
  });

  it("backs off on 503, never sooner than its Retry-After", () => {
    expect(retryDelayMs(503, headers({}), 4, policy, always(0.5))).toBe(400);
    expect(retryDelayMs(503, headers({ "retry-after": "1" }), 4, policy, always(0.5))).toBe(1000);
    expect(retryDelayMs(503, headers({ "retry-after": "0" }), 4, policy, always(0.5))).toBe(400);
  });

  it.each([400, 401, 403, 404, 405, 409, 413, 415, 422, 500, 502, 504])("never retries %i", (status) => {
    expect(retryDelayMs(status, headers({ "retry-after": "1" }), 1, policy, always(0.5))).toBeUndefined();
  });
});

describe("retry settings", () => {
  it("defaults to 5 attempts and a 60 s longest wait", () => {
    expect([retryPolicy().maxAttempts, retryPolicy().maxWaitMs]).toEqual([5, 60_000]);
    expect(retryPolicy({ baseMs: 10 })).toEqual({ ...DEFAULT_RETRY, baseMs: 10 });
    expect(retryPolicy({ maxWaitMs: undefined, capMs: undefined })).toEqual(DEFAULT_RETRY);
  });

  it("never backs off longer than maxWaitMs, whatever capMs says", () => {
    const tight = retryPolicy({ baseMs: 100, capMs: 100_000, maxWaitMs: 250 });
    expect(backoffMs(10, tight, always(0.999999))).toBe(249);
  });

  it.each([{ maxAttempts: 0 }, { maxAttempts: 1.5 }, { baseMs: -1 }, { capMs: 10, baseMs: 20 }, { capMs: Number.POSITIVE_INFINITY },
    { maxWaitMs: -1 }, { maxWaitMs: Number.NaN }, { maxWaitMs: 2 ** 31 }, { maxWaitMs: Number.POSITIVE_INFINITY }])("refuses %o", (options) => {
    expect(() => retryPolicy(options)).toThrow(RangeError);
  });
});

describe("sleep", () => {
  it("rejects with the signal's reason as soon as it aborts", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(new Error("stop")), 20);
    await expect(waiting).rejects.toThrow("stop");
    // Generous bound for a loaded machine; the wait it cuts short is a minute.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("rejects at once when the signal is already aborted", async () => {
    await expect(sleep(60_000, AbortSignal.abort(new Error("already")))).rejects.toThrow("already");
  });
});

describe("sleep past what a timer holds", () => {
  afterEach(() => vi.useRealTimers());

  // Real time would take 24 days: fake timers stand in, and they overflow a delay of 2^31 ms or more to 1 ms as
  // Node does.
  it.each([2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY])("does not end early for %d ms", async (ms) => {
    vi.useFakeTimers();
    let done = false;
    void sleep(ms).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).toBe(false);
  });

  it.each([Number.NaN, -1, -Infinity])("waits nothing for %d", async (ms) => {
    vi.useFakeTimers();
    let done = false;
    void sleep(ms).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
