import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { newWebhookSecret } from "../../domain/webhook-signature.ts";
import type { EmbeddedEvent, OutgoingEvent } from "../../domain/event.ts";
import type { Webhook } from "../../domain/webhook.ts";
import { TOKENS } from "../container.ts";
import { buildToolCore, type ToolCore } from "../core/create-tool-core.ts";
import { waitUntil } from "../testing/process.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { HttpWebhookSender } from "../webhooks/http-webhook-sender.ts";
import { type Receiver, startReceiver } from "./testing/receiver.ts";
import { randomBytes } from "node:crypto";
import { FixedClock } from "../system.ts";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PER_ENDPOINT_IN_FLIGHT } from "../../application/dispatch-outbox.ts";

const WORKSPACE = "ws_dispatchTest0001";
const resources: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  while (resources.length > 0) await resources.pop()?.close();
});

/** A core sending to receivers on 127.0.0.1, every retry after 0 s, polling every 20 ms. */
function core(options: { onEvent?: (event: EmbeddedEvent) => void; retrySchedule?: number[]; clock?: FixedClock } = {}): ToolCore {
  const made = buildToolCore({
    tools: [hashText], runner: new InlineToolRunner(), onEvent: options.onEvent, clock: options.clock,
    events: { webhookSender: new HttpWebhookSender({ allowPrivate: true, timeoutMs: 5_000 }), retrySchedule: options.retrySchedule ?? [0, 0, 0], pollMs: 20 },
  });
  resources.push(made);
  return made;
}

async function receiver(statuses: number[] = [200]): Promise<Receiver> {
  const made = await startReceiver(statuses);
  resources.push(made);
  return made;
}

async function endpoint(test: ToolCore, url: string, extra: Partial<Webhook> = {}): Promise<Webhook> {
  const webhook: Webhook = {
    id: `wh_${randomBytes(6).toString("hex")}`, workspaceId: WORKSPACE, url, events: null, description: "", enabled: true, createdAt: Date.now(),
    secret: newWebhookSecret(randomBytes(32)), previousSecret: null, previousSecretExpiresAt: null, failingSince: null, ...extra,
  };
  await test.services.container.get(TOKENS.webhookStore).create(webhook, 20);
  return webhook;
}

const createKey = (test: ToolCore) => test.services.container.get(TOKENS.createKey).execute({ name: "events", env: "development", workspaceId: WORKSPACE });

describe("events leave through the outbox", () => {
  it("hands every event to onEvent once, with the audit event's id, in process", async () => {
    const heard: OutgoingEvent[] = [];
    const test = core({ onEvent: (event) => heard.push(event) });
    const created = await test.keys.create({ name: "library" });
    await test.keys.revoke(created.id);
    await waitUntil(async () => heard.length >= 2, 10_000);
    expect(heard.map((event) => event.type).sort()).toEqual(["key.created", "key.revoked"]);
    const audit = await test.services.container.get(TOKENS.auditLog).list(null);
    expect(heard.map((event) => event.id).sort()).toEqual(audit.map((event) => event.id).sort());
    expect(heard.every((event) => event.data.keyId === created.id && event.data.id === event.id)).toBe(true);
  });

  it("hands onEvent the event's data with its type at the top, as the contract words it, beside the envelope", async () => {
    const heard: EmbeddedEvent[] = [];
    const test = core({ onEvent: (event) => heard.push(event) });
    const created = await test.keys.create({ name: "top level" });
    await waitUntil(async () => heard.length >= 1, 10_000);
    const [event] = heard;
    expect(event).toMatchObject({ type: "key.created", keyId: created.id, keyName: "top level", id: event.data.id, data: { keyId: created.id } });
    expect(typeof event.timestamp).toBe("string");
  });

  it("sends an event answered 500, 500, 200 three times with one webhook-id, each signature verifying", async () => {
    const test = core();
    const target = await receiver([500, 500, 200]);
    const webhook = await endpoint(test, target.url);
    const made = await createKey(test);
    if (!made.ok) throw new Error(made.error.message);
    await waitUntil(async () => target.received.length >= 3, 15_000);
    const ids = new Set(target.received.map((request) => request.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const request of target.received) {
      const verified = new StandardWebhook(webhook.secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: { keyId: string } };
      expect(verified.type).toBe("key.created");
      expect(verified.data.keyId).toBe(made.value.key.id);
      expect(request.body).not.toContain("whsec_");
    }
    const outbox = test.services.container.get(TOKENS.outbox);
    await waitUntil(async () => (await outbox.page(webhook.id, { limit: 1 })).items[0]?.status === "delivered", 10_000);
    const deliveries = await outbox.page(webhook.id, { limit: 10 });
    expect(deliveries.items.map((item) => [item.status, item.attempts, item.responseStatus])).toEqual([["delivered", 3, 200]]);
  });

  it("signs with both secrets during a rotation's 24 hours, each verifying alone", async () => {
    const test = core();
    const target = await receiver();
    const previous = newWebhookSecret(randomBytes(32));
    const webhook = await endpoint(test, target.url, { previousSecret: previous, previousSecretExpiresAt: Date.now() + 86_400_000 });
    await createKey(test);
    await waitUntil(async () => target.received.length >= 1, 10_000);
    const [request] = target.received;
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [webhook.secret, previous]) {
      expect(() => new StandardWebhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    }
  });

  it("never follows a redirect: a 307 is a failed attempt and its target is never contacted", async () => {
    const test = core({ retrySchedule: [] });
    const elsewhere = await receiver();
    const target = await receiver([307]);
    target.answer([307], { location: elsewhere.url });
    const webhook = await endpoint(test, target.url);
    await createKey(test);
    const outbox = test.services.container.get(TOKENS.outbox);
    await waitUntil(async () => (await outbox.page(webhook.id, { limit: 1 })).items[0]?.status === "failed", 10_000);
    expect(target.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    expect((await outbox.page(webhook.id, { limit: 1 })).items[0].responseStatus).toBe(307);
  });

  it("disables an endpoint that answers 410 at once, with a webhook.disabled audit event", async () => {
    const test = core();
    const target = await receiver([410]);
    const webhook = await endpoint(test, target.url);
    await createKey(test);
    const webhooks = test.services.container.get(TOKENS.webhookStore);
    await waitUntil(async () => (await webhooks.find(webhook.id))?.enabled === false, 10_000);
    expect(target.received).toHaveLength(1);
    const audit = await test.services.container.get(TOKENS.auditLog).list(WORKSPACE);
    expect(audit.find((event) => event.type === "webhook.disabled")).toMatchObject({ webhookId: webhook.id, actor: { system: true } });
  });

  it("sends only the types an endpoint asked for", async () => {
    const test = core();
    const target = await receiver();
    await endpoint(test, target.url, { events: ["key.revoked"] });
    const made = await createKey(test);
    if (!made.ok) throw new Error(made.error.message);
    await test.services.container.get(TOKENS.revokeKey).execute({ id: made.value.key.id });
    await waitUntil(async () => target.received.length >= 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(target.received.map((request) => JSON.parse(request.body).type)).toEqual(["key.revoked"]);
  });

  it("disables an endpoint whose deliveries have all failed for 5 days, and not before", async () => {
    const clock = new FixedClock(Date.UTC(2026, 5, 1));
    const test = core({ clock, retrySchedule: [0] });
    const target = await receiver([500]);
    const webhook = await endpoint(test, target.url);
    const webhooks = test.services.container.get(TOKENS.webhookStore);
    await createKey(test);
    await waitUntil(async () => target.received.length >= 2, 10_000);
    expect(await webhooks.find(webhook.id)).toMatchObject({ enabled: true, failingSince: clock.now() });
    clock.advance(5 * 86_400_000);
    await createKey(test);
    await waitUntil(async () => (await webhooks.find(webhook.id))?.enabled === false, 10_000);
    const audit = await test.services.container.get(TOKENS.auditLog).list(WORKSPACE);
    expect(audit.find((event) => event.type === "webhook.disabled")).toMatchObject({ webhookId: webhook.id, reason: "every delivery failed for 5 days" });
  });

  it("lets a dead endpoint hold at most 4 attempts at once, while another endpoint of the workspace gets every event", async () => {
    const test = core();
    let open = 0;
    let most = 0;
    const held: ServerResponse[] = [];
    const dead = createServer((request, response) => {
      open += 1;
      most = Math.max(most, open);
      held.push(response);
      request.on("close", () => (open -= 1));
    });
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    resources.push({ close: () => new Promise<void>((resolve) => { dead.closeAllConnections(); dead.close(() => resolve()); }) });
    const alive = await receiver();
    await endpoint(test, `http://127.0.0.1:${(dead.address() as AddressInfo).port}/hook`);
    await endpoint(test, alive.url);
    for (let i = 0; i < 12; i++) await createKey(test);
    await waitUntil(async () => alive.received.length >= 12, 15_000);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(PER_ENDPOINT_IN_FLIGHT);
  });
});
