import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SCHEDULE } from "../domain/webhook.ts";
import { afterAttempt, MAX_RETRY_AFTER_SECONDS } from "./deliver-webhook.ts";
import { pendingItem } from "./outbox-items.ts";

const NOW = Date.UTC(2026, 0, 1);
const event = { id: "evt_1", type: "webhook.test", timestamp: new Date(NOW).toISOString(), workspaceId: "ws_1", data: {} } as const;
const item = pendingItem("dlv_1", { kind: "delivery", webhookId: "wh_1", event }, NOW);

/** The item after `n` failed attempts on the default schedule. */
function failed(n: number) {
  let current = item;
  for (let i = 0; i < n; i++) current = afterAttempt(current, NOW, DEFAULT_RETRY_SCHEDULE, { ok: false, status: 500 });
  return current;
}

describe("the retry schedule", () => {
  it("waits each of the schedule's seconds in turn, then fails after the last: 8 attempts by default", () => {
    const waits = Array.from({ length: 7 }, (_, n) => (failed(n + 1).nextAttemptAt as number) - NOW);
    expect(waits).toEqual(DEFAULT_RETRY_SCHEDULE.map((seconds) => seconds * 1000));
    expect(failed(8)).toMatchObject({ status: "failed", attempts: 8, nextAttemptAt: null, responseStatus: 500 });
  });

  it("delivers on a 2xx and clears the error", () => {
    expect(afterAttempt(failed(2), NOW, DEFAULT_RETRY_SCHEDULE, { ok: true, status: 204 })).toMatchObject({ status: "delivered", attempts: 3, error: null, nextAttemptAt: null });
  });

  it("waits at least a 429's or 503's Retry-After, at most a day", () => {
    expect(afterAttempt(item, NOW, [5], { ok: false, status: 429, retryAfterSeconds: 120 }).nextAttemptAt).toBe(NOW + 120_000);
    expect(afterAttempt(item, NOW, [300], { ok: false, status: 503, retryAfterSeconds: 2 }).nextAttemptAt).toBe(NOW + 300_000);
    expect(afterAttempt(item, NOW, [5], { ok: false, status: 503, retryAfterSeconds: 999_999_999 }).nextAttemptAt).toBe(NOW + MAX_RETRY_AFTER_SECONDS * 1000);
  });

  it("fails at once on a final outcome (a 410), whatever the schedule has left", () => {
    expect(afterAttempt(item, NOW, DEFAULT_RETRY_SCHEDULE, { ok: false, status: 410, final: true })).toMatchObject({ status: "failed", attempts: 1 });
  });
});
