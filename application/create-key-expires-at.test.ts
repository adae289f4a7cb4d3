import { describe, expect, it } from "vitest";
import { openMemoryStorage } from "../adapters/storage/open-storage.ts";
import { CryptoSecretSource, FixedClock } from "../adapters/system.ts";
import { CreateKey, MAX_EXPIRES_IN_SECONDS } from "./create-key.ts";

const NOW = Date.UTC(2026, 0, 1, 12, 0, 30);

function setup() {
  const clock = new FixedClock(NOW);
  const storage = openMemoryStorage(clock);
  const create = new CreateKey({ keys: storage.keys, audit: storage.audit, clock, secrets: new CryptoSecretSource(), defaultPolicy: { limit: 5, windowMs: 60_000 } });
  return { storage, create };
}

describe("CreateKey with an expiry date (expiresAt)", () => {
  it("stores exactly the moment asked for, so a key chosen to end on a date ends at that date's midnight", async () => {
    const { storage, create } = setup();
    const expiresAt = Date.UTC(2026, 1, 1);
    const result = await create.execute({ name: "dated", env: "development", expiresAt });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.value.key.expiresAt).toBe("2026-02-01T00:00:00.000Z");
    expect((await storage.keys.findById(result.value.key.id))?.expiresAt).toBe(expiresAt);
  });

  it.each([
    ["in the past", NOW - 86_400_000],
    ["now", NOW],
    ["past ten years", NOW + MAX_EXPIRES_IN_SECONDS * 1000 + 1000],
    ["not a whole ms", NOW + 86_400_000.5],
  ])("answers invalid_input at /expiresAt for a moment %s, and stores nothing", async (_label, expiresAt) => {
    const { storage, create } = setup();
    const result = await create.execute({ name: "dated", env: "development", expiresAt });
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_input", details: [{ path: "/expiresAt" }] } });
    expect(await storage.keys.list()).toEqual([]);
  });

  it("still counts expiresInSeconds from the same clock", async () => {
    const { create } = setup();
    const result = await create.execute({ name: "week", env: "development", expiresInSeconds: 7 * 86_400 });
    expect(result.ok && result.value.key.expiresAt).toBe(new Date(NOW + 7 * 86_400_000).toISOString());
  });
});
