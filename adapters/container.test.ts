import { describe, expect, it } from "vitest";
import { buildContainer, TOKENS } from "./container.ts";
import { openMemoryStorage } from "./storage/open-storage.ts";
import { eventInfrastructure } from "./core/core-events.ts";
import { openOutbox, openWebhookStore } from "./storage/open-events-storage.ts";
import { CryptoSecretSource, FixedClock } from "./system.ts";
import { hashText } from "./tools/crypto/hash-text.ts";
import { InlineToolRunner } from "./tools/inline-tool-runner.ts";

describe("buildContainer", () => {
  it("resolves every token, once per container", () => {
    const clock = new FixedClock(0);
    const storage = openMemoryStorage(clock);
    const container = buildContainer({
      keys: storage.keys, limits: storage.limits, audit: storage.audit, runner: new InlineToolRunner(), tools: [hashText], clock,
      secrets: new CryptoSecretSource(), env: "development", defaultPolicy: { limit: 1, windowMs: 1000 },
      events: eventInfrastructure({}, { outbox: openOutbox(storage), webhooks: openWebhookStore(storage) }),
    });
    for (const [name, token] of Object.entries(TOKENS) as [string, symbol][]) {
      const first = container.get(token);
      expect(first, name).toBeDefined();
      expect(container.get(token), name).toBe(first);
    }
  });
});
