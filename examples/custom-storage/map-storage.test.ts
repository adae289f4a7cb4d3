import { describe, expect, it } from "vitest";
import { createToolCore } from "tool-execution-api";
import { describeApiKeyStore, describeRateLimitStore } from "tool-execution-api/storage";
import { MapApiKeyStore, MapRateLimitStore, mapStorage } from "./map-storage.ts";

describeApiKeyStore("examples/custom-storage MapApiKeyStore", async () => ({ store: new MapApiKeyStore(), close: async () => {} }));

describeRateLimitStore("examples/custom-storage MapRateLimitStore", async () => {
  let now = Date.UTC(2026, 0, 1, 12, 0, 0, 250);
  return {
    store: new MapRateLimitStore(() => now),
    now: async () => now,
    elapse: async (ms) => {
      now += ms;
    },
    close: async () => {},
  };
});

describe("examples/custom-storage under the core", () => {
  it("serves keys from it and fails closed with 503 when it is down", async () => {
    const storage = mapStorage();
    const core = await createToolCore({ storage, tools: [] });
    const { secret } = await core.keys.create({ name: "map" });
    expect((await core.execute({ secret, toolId: "hash-text", input: {} })).status).toBe(404);
    storage.keys.down = true;
    const answer = await core.execute({ secret, toolId: "hash-text", input: {} });
    expect(answer).toMatchObject({ status: 503, body: { error_code: "service_unavailable" } });
    await core.close();
  });
});
