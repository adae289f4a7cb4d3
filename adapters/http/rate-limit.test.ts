import { describe, expect, it } from "vitest";
import { createTestApp, postJson } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";

const BODY = { input: { algorithm: "md5", text: "" } };

function limitHeaders(response: Response) {
  return {
    limit: response.headers.get("x-ratelimit-limit"),
    remaining: response.headers.get("x-ratelimit-remaining"),
    reset: response.headers.get("x-ratelimit-reset"),
  };
}

describe("rate limiting per key", () => {
  it("counts down X-Ratelimit-Remaining to 0 on the last allowed request", async () => {
    const test = createTestApp({ tools: [hashText], now: Date.UTC(2026, 0, 1, 0, 0, 15) });
    const key = await test.createKey({ limit: 3, windowSeconds: 60 });
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const response = await postJson(test.app, "/api/v1/execute/hash-text", BODY, { "x-api-key": key.secret });
      expect(response.status).toBe(200);
      seen.push(limitHeaders(response));
    }
    expect(seen).toEqual([
      { limit: "3", remaining: "2", reset: "45" },
      { limit: "3", remaining: "1", reset: "45" },
      { limit: "3", remaining: "0", reset: "45" },
    ]);
  });

  it("answers 429 rate_limited with Retry-After and the three headers once the window is spent", async () => {
    const test = createTestApp({ tools: [hashText], now: Date.UTC(2026, 0, 1, 0, 0, 50, 500) });
    const key = await test.createKey({ limit: 1, windowSeconds: 60 });
    await postJson(test.app, "/api/v1/execute/hash-text", BODY, { "x-api-key": key.secret });
    const response = await postJson(test.app, "/api/v1/execute/hash-text", BODY, { "x-api-key": key.secret });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      status: "error", code: 429, error_code: "rate_limited", message: "Rate limit exceeded; retry after the window resets.",
    });
    expect(limitHeaders(response)).toEqual({ limit: "1", remaining: "0", reset: "10" });
    expect(response.headers.get("retry-after")).toBe("10");
  });

  it("opens a fresh window when the old one ends", async () => {
    const test = createTestApp({ tools: [hashText], now: Date.UTC(2026, 0, 1, 0, 0, 59) });
    const key = await test.createKey({ limit: 1, windowSeconds: 60 });
    await postJson(test.app, "/api/v1/execute/hash-text", BODY, { "x-api-key": key.secret });
    test.clock.advance(1000);
    const response = await postJson(test.app, "/api/v1/execute/hash-text", BODY, { "x-api-key": key.secret });
    expect(response.status).toBe(200);
    expect(limitHeaders(response)).toEqual({ limit: "1", remaining: "0", reset: "60" });
  });

  it("limits each key on its own", async () => {
    const test = createTestApp({ tools: [hashText] });
    const first = await test.createKey({ limit: 1 });
    const second = await test.createKey({ limit: 1 });
    await postJson(test.app, "/api/v1/execute/hash-text", BODY, { "x-api-key": first.secret });
    const response = await postJson(test.app, "/api/v1/execute/hash-text", BODY, { "x-api-key": second.secret });
    expect(response.status).toBe(200);
  });

  it("counts requests that fail validation, and still sends the headers on them", async () => {
    const test = createTestApp({ tools: [hashText] });
    const key = await test.createKey({ limit: 2 });
    const bad = await postJson(test.app, "/api/v1/execute/hash-text", { input: {} }, { "x-api-key": key.secret });
    expect(bad.status).toBe(422);
    expect(limitHeaders(bad)).toMatchObject({ limit: "2", remaining: "1" });
    const unknown = await postJson(test.app, "/api/v1/execute/nope", BODY, { "x-api-key": key.secret });
    expect(unknown.status).toBe(404);
    expect(limitHeaders(unknown).remaining).toBe("0");
  });

  it("answers exactly `limit` of 1,000 concurrent requests and refuses the rest, all with headers", async () => {
    const test = createTestApp({ tools: [hashText] });
    const key = await test.createKey({ limit: 100, windowSeconds: 3600 });
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () => postJson(test.app, "/api/v1/execute/hash-text", BODY, { "x-api-key": key.secret })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(900);
    for (const response of responses) expect(Object.values(limitHeaders(response)).every((v) => v !== null)).toBe(true);
  });
});
