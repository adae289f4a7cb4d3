import { beforeEach, describe, expect, it } from "vitest";
import type { ApiKey } from "../domain/api-key.ts";
import { TOKENS } from "../adapters/container.ts";
import { createTestApp, type TestApp } from "../adapters/testing/harness.ts";
import type { ExecutionObservation } from "./ports.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAY1 = Date.UTC(2026, 0, 1);

let test: TestApp;
let keyA: ApiKey;
let keyB: ApiKey;

async function workspaceKey(name: string): Promise<ApiKey> {
  const created = await test.container.get(TOKENS.createKey).execute({ name, env: "development", workspaceId: "ws_usage" });
  if (!created.ok) throw new Error(created.error.message);
  const key = await test.storage.keys.findById(created.value.key.id);
  if (!key) throw new Error("key not stored");
  return key;
}

/** Moves the harness clock to `at` and observes one call of `key` there. */
function callAt(at: number, key: ApiKey, status: number, options: Partial<ExecutionObservation> = {}): void {
  test.clock.advance(at - test.clock.now());
  const errorCode = status === 200 ? undefined : ({ 422: "invalid_input", 429: "rate_limited", 504: "tool_timeout" } as Record<number, string>)[status];
  test.container.get(TOKENS.recordUsage).observe({ keyId: key.id, workspaceId: key.workspaceId, toolId: "hash-text", status, errorCode, durationMs: 3, transport: "rest", ...options });
}

const flush = () => test.container.get(TOKENS.recordUsage).flush();
const keyUsage = async (key: ApiKey, query: Record<string, string>) => {
  const result = await test.container.get(TOKENS.queryKeyUsage).execute({ key, ...query });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};
const callsPerBucket = (report: { series: readonly { at: string; calls: number }[] }) =>
  Object.fromEntries(report.series.filter((bucket) => bucket.calls > 0).map((bucket) => [bucket.at, bucket.calls]));

beforeEach(async () => {
  test = createTestApp({ now: DAY1 + 10 * HOUR });
  keyA = await workspaceKey("a");
  keyB = await workspaceKey("b");
});

describe("RecordUsage and QueryKeyUsage with the injected clock", () => {
  async function recordAcrossBoundaries(): Promise<void> {
    callAt(DAY1 + 10 * HOUR + 59 * MINUTE + 30_000, keyA, 200);
    callAt(DAY1 + 10 * HOUR + 59 * MINUTE + 50_000, keyA, 200);
    await flush();
    callAt(DAY1 + 11 * HOUR + 10_000, keyA, 422);
    callAt(DAY1 + 11 * HOUR + 20_000, keyA, 429);
    await flush();
    callAt(DAY1 + DAY + 5_000, keyA, 504);
    await flush();
  }

  it("rolls minute buckets into hours and days, and a query across a boundary sums them", async () => {
    await recordAcrossBoundaries();
    test.clock.advance(DAY1 + DAY + MINUTE - test.clock.now());
    const minutes = await keyUsage(keyA, { from: "2026-01-01T10:30:00Z", to: "2026-01-01T11:30:00Z", granularity: "minute" });
    expect(callsPerBucket(minutes)).toEqual({ "2026-01-01T10:59:00.000Z": 2, "2026-01-01T11:00:00.000Z": 2 });
    expect(minutes.series).toHaveLength(60);
    expect(minutes.totals).toMatchObject({ calls: 4, success: 2, clientError: 1, rateLimited: 1, serverError: 0, errorCodes: { invalid_input: 1, rate_limited: 1 } });
    const hours = await keyUsage(keyA, { from: "2026-01-01T10:00:00Z", to: "2026-01-02T01:00:00Z", granularity: "hour" });
    expect(callsPerBucket(hours)).toEqual({ "2026-01-01T10:00:00.000Z": 2, "2026-01-01T11:00:00.000Z": 2, "2026-01-02T00:00:00.000Z": 1 });
    const days = await keyUsage(keyA, { from: "2026-01-01", to: "2026-01-03", granularity: "day" });
    expect(callsPerBucket(days)).toEqual({ "2026-01-01T00:00:00.000Z": 4, "2026-01-02T00:00:00.000Z": 1 });
    expect(days.totals).toMatchObject({ calls: 5, serverError: 1, errorCodes: { invalid_input: 1, rate_limited: 1, tool_timeout: 1 } });
    expect(days.tools).toEqual([expect.objectContaining({ toolId: "hash-text", calls: 5 })]);
  });

  it("expires minute buckets after 48 h, hour buckets after 90 days, day buckets after 400 days, each on time", async () => {
    await recordAcrossBoundaries();
    const at = (ms: number) => test.clock.advance(ms - test.clock.now());
    const sum = async (granularity: string) => (await keyUsage(keyA, { from: "2025-01-01", granularity })).totals.calls;
    // The 10:59 minute expires when 48 h have passed since the end of its minute; the 11:00 minute one minute later.
    at(DAY1 + 11 * HOUR + 2 * DAY - 1);
    expect(await sum("minute")).toBe(5);
    at(DAY1 + 11 * HOUR + 2 * DAY);
    expect(await sum("minute")).toBe(3);
    expect(await sum("hour")).toBe(5);
    at(DAY1 + 12 * HOUR + 90 * DAY);
    expect(await sum("hour")).toBe(1);
    expect(await sum("day")).toBe(5);
    at(DAY1 + DAY + 400 * DAY);
    expect(await sum("day")).toBe(1);
    at(DAY1 + 2 * DAY + 400 * DAY);
    expect(await sum("day")).toBe(0);
  });

  it("answers a range beyond retention with what is kept, and says from when (retainedFrom)", async () => {
    await recordAcrossBoundaries();
    test.clock.advance(DAY1 + 3 * DAY - test.clock.now());
    const report = await keyUsage(keyA, { from: "2026-01-01T00:00:00Z", granularity: "minute" });
    expect(report.retainedFrom).toBe("2026-01-02T00:00:00.000Z");
    expect(report.from).toBe("2026-01-02T00:00:00.000Z");
    expect(report.totals.calls).toBe(1);
  });

  it("reads p50, p95 and p99 off the histogram", async () => {
    for (let i = 0; i < 50; i++) callAt(DAY1 + 10 * HOUR, keyA, 200, { durationMs: 0.5 });
    for (let i = 0; i < 50; i++) callAt(DAY1 + 10 * HOUR, keyA, 200, { durationMs: 7 });
    await flush();
    // Half ≤ 1 ms, half in (5, 10]: p50 ends the first bucket; p95 is 45 of 50 into (5, 10], p99 49 of 50.
    expect((await keyUsage(keyA, {})).totals.latencyMs).toEqual({ p50: 1, p95: 9.5, p99: 9.9 });
  });

  it("shows a key its own calls only, though its workspace's buckets hold others'", async () => {
    callAt(DAY1 + 10 * HOUR, keyA, 200);
    callAt(DAY1 + 10 * HOUR, keyB, 200);
    callAt(DAY1 + 10 * HOUR, keyB, 422);
    await flush();
    expect((await keyUsage(keyA, {})).totals.calls).toBe(1);
    expect((await keyUsage(keyB, {})).totals).toMatchObject({ calls: 2, clientError: 1 });
  });

  it("counts a call naming no tool under (unknown), so made-up ids add no fields", async () => {
    callAt(DAY1 + 10 * HOUR, keyA, 404, { toolId: "no-such-tool-1", errorCode: "tool_not_found" });
    callAt(DAY1 + 10 * HOUR, keyA, 404, { toolId: "no-such-tool-2", errorCode: "tool_not_found" });
    await flush();
    expect((await keyUsage(keyA, {})).tools).toEqual([expect.objectContaining({ toolId: "(unknown)", calls: 2, clientError: 2 })]);
  });

  it("narrows to one tool", async () => {
    callAt(DAY1 + 10 * HOUR, keyA, 200);
    callAt(DAY1 + 10 * HOUR, keyA, 404, { toolId: "nope", errorCode: "tool_not_found" });
    await flush();
    expect((await keyUsage(keyA, { tool: "hash-text" })).totals.calls).toBe(1);
  });

  it("refuses bad from, to and granularity with 422 invalid_input and details", async () => {
    const result = await test.container.get(TOKENS.queryKeyUsage).execute({ key: keyA, from: "soon", to: "later", granularity: "fortnight" });
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.code === "invalid_input") expect(result.error.details.map((issue) => issue.path)).toEqual(["/to", "/from", "/granularity"]);
  });
});
