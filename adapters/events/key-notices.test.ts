import { afterEach, describe, expect, it } from "vitest";
import { sendExpiryNotices } from "../../application/key-notices.ts";
import type { OutgoingEvent } from "../../domain/event.ts";
import { TOKENS } from "../container.ts";
import { buildToolCore, type ToolCore } from "../core/create-tool-core.ts";
import { CryptoSecretSource, FixedClock } from "../system.ts";
import { waitUntil } from "../testing/process.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

const DAY = 86_400_000;
const open: ToolCore[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

function core(heard: OutgoingEvent[], clock?: FixedClock): ToolCore {
  const made = buildToolCore({ tools: [hashText], runner: new InlineToolRunner(), clock, onEvent: (event) => heard.push(event), events: { pollMs: 20 } });
  open.push(made);
  return made;
}

describe("key notices", () => {
  it("sends key.rate_limited once, for the first 429 of a key in a window", async () => {
    const heard: OutgoingEvent[] = [];
    const test = core(heard);
    const key = await test.keys.create({ name: "busy", limit: 2, windowSeconds: 86_400 });
    const input = { algorithm: "sha256", text: "abc" };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await test.execute({ secret: key.secret, toolId: "hash-text", input })).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    await waitUntil(async () => heard.some((event) => event.type === "key.rate_limited"), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const limited = heard.filter((event) => event.type === "key.rate_limited");
    expect(limited).toHaveLength(1);
    expect(limited[0].data).toMatchObject({ id: limited[0].id, keyId: key.id, keyName: "busy", workspaceId: null, limit: 2, windowSeconds: 86_400 });
  });

  it("sends key.expiring 7 days and 1 day before a key's expiry, each once, whatever the number of scans", async () => {
    const heard: OutgoingEvent[] = [];
    const clock = new FixedClock(Date.UTC(2026, 5, 1));
    const test = core(heard, clock);
    const key = await test.keys.create({ name: "short-lived", expiresInSeconds: 10 * 86_400 });
    const { container } = test.services;
    const deps = { keys: container.get(TOKENS.apiKeyStore), audit: container.get(TOKENS.auditLog), outbox: container.get(TOKENS.outbox), clock, secrets: new CryptoSecretSource() };
    const notices = () => heard.filter((event) => event.type === "key.expiring").map((event) => event.data.notice);
    expect(await sendExpiryNotices(deps)).toBe(0);
    clock.advance(3 * DAY + 1);
    expect(await Promise.all([sendExpiryNotices(deps), sendExpiryNotices(deps)])).toEqual(expect.arrayContaining([1, 0]));
    expect(await sendExpiryNotices(deps)).toBe(0);
    clock.advance(6 * DAY);
    expect(await sendExpiryNotices(deps)).toBe(1);
    clock.advance(DAY);
    expect(await sendExpiryNotices(deps)).toBe(0);
    await waitUntil(async () => notices().length >= 2, 10_000);
    expect(notices()).toEqual(["7d", "1d"]);
    expect(heard.find((event) => event.type === "key.expiring")?.data).toMatchObject({ keyId: key.id, expiresAt: key.expiresAt });
  });
});
