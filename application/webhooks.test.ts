import { describe, expect, it } from "vitest";
import { TOKENS } from "../adapters/container.ts";
import { openOutbox, openWebhookStore } from "../adapters/storage/open-events-storage.ts";
import { openMemoryStorage } from "../adapters/storage/open-storage.ts";
import { CryptoSecretSource } from "../adapters/system.ts";
import { createTeam } from "../adapters/testing/members.ts";
import { PREVIOUS_SECRET_SIGNS_MS } from "../domain/webhook.ts";
import { CreateWebhook } from "./create-webhook.ts";
import { deliveryItem, eventItem } from "./outbox-items.ts";
import type { WebhookSender } from "./ports.ts";
import type { WebhookDeps } from "./webhook-access.ts";
import { ListWebhookDeliveries, RedeliverWebhookDelivery, SendWebhookTest } from "./webhook-deliveries.ts";
import { DeleteWebhook, RotateWebhookSecret, UpdateWebhook } from "./webhook-endpoints.ts";

/** A sender that refuses any URL whose host starts with "refused", without a network. */
const sender: WebhookSender = {
  send: async () => ({ status: 200 }),
  checkTarget: async (url) => (new URL(url).hostname.startsWith("refused") ? "the host is a refused address" : undefined),
};

/** The team of adapters/testing/members.ts, and the webhook use cases on stores of their own (no dispatcher reads them). */
async function setup() {
  const team = await createTeam();
  const storage = openMemoryStorage(team.clock);
  const deps: WebhookDeps = {
    workspaces: team.core.services.container.get(TOKENS.workspaceStore), webhooks: openWebhookStore(storage), outbox: openOutbox(storage),
    sender, clock: team.clock, secrets: new CryptoSecretSource(),
  };
  const owner = { accountId: team.owner.accountId, workspaceId: team.workspaceId };
  const created = await new CreateWebhook(deps).execute({ ...owner, url: "https://hooks.example.com/a" });
  if (!created.ok) throw new Error(created.error.message);
  return { ...team, deps, as: owner, webhookId: created.value.webhook.id, secret: created.value.secret };
}

describe("CreateWebhook", () => {
  it("lists every wrong field at once, the URL as the sender refuses it", async () => {
    const { deps, as } = await setup();
    const result = await new CreateWebhook(deps).execute({ ...as, url: "https://refused.example/x", events: ["key.created", "key.nope"], description: "a\u202Eb" });
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_input" } });
    const paths = !result.ok && result.error.code === "invalid_input" ? result.error.details.map((detail) => detail.path) : [];
    expect(paths.sort()).toEqual(["/description", "/events/1", "/url"]);
    expect(!result.ok && result.error.code === "invalid_input" && result.error.details.find((d) => d.path === "/url")?.message).toBe("the host is a refused address");
  });

  it("answers forbidden to a member, not_found for an unknown workspace", async () => {
    const { deps, member, owner, workspaceId } = await setup();
    const create = new CreateWebhook(deps);
    expect(await create.execute({ accountId: member.accountId, workspaceId, url: "https://a.example" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await create.execute({ accountId: owner.accountId, workspaceId: "ws_unknown", url: "https://a.example" })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});

describe("UpdateWebhook", () => {
  it("clears the failure clock only when a disabled endpoint is enabled again", async () => {
    const { deps, as, webhookId } = await setup();
    const update = new UpdateWebhook(deps);
    await deps.webhooks.update(webhookId, (current) => ({ ...current, failingSince: 1 }));
    expect(await update.execute({ ...as, webhookId, fields: { enabled: true } })).toMatchObject({ ok: true, value: { enabled: true } });
    expect((await deps.webhooks.find(webhookId))?.failingSince).toBe(1);
    await update.execute({ ...as, webhookId, fields: { enabled: false } });
    expect((await deps.webhooks.find(webhookId))?.failingSince).toBe(1);
    await update.execute({ ...as, webhookId, fields: { enabled: true } });
    expect((await deps.webhooks.find(webhookId))?.failingSince).toBeNull();
  });

  it("changes nothing when no field is sent, and answers not_found for an endpoint of another workspace", async () => {
    const { deps, as, webhookId } = await setup();
    const before = await deps.webhooks.find(webhookId);
    expect(await new UpdateWebhook(deps).execute({ ...as, webhookId, fields: { secret: "whsec_x" } as never })).toMatchObject({ ok: true });
    expect(await deps.webhooks.find(webhookId)).toEqual(before);
    const other = await setup();
    expect(await new UpdateWebhook(deps).execute({ ...as, webhookId: other.webhookId, fields: { enabled: false } })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});

describe("RotateWebhookSecret and DeleteWebhook", () => {
  it("keeps the replaced secret signing for 24 hours from the clock's now; a second rotation keeps only the one before it", async () => {
    const { deps, as, webhookId, secret, clock } = await setup();
    const rotate = new RotateWebhookSecret(deps);
    const first = await rotate.execute({ ...as, webhookId });
    expect(first).toMatchObject({ ok: true, value: { previousSecretExpiresAt: new Date(clock.now() + PREVIOUS_SECRET_SIGNS_MS).toISOString() } });
    expect(await deps.webhooks.find(webhookId)).toMatchObject({ previousSecret: secret, previousSecretExpiresAt: clock.now() + PREVIOUS_SECRET_SIGNS_MS });
    const second = await rotate.execute({ ...as, webhookId });
    expect(await deps.webhooks.find(webhookId)).toMatchObject({ secret: second.ok && second.value.secret, previousSecret: first.ok && first.value.secret });
  });

  it("deletes once; the second delete is not_found", async () => {
    const { deps, as, webhookId } = await setup();
    expect(await new DeleteWebhook(deps).execute({ ...as, webhookId })).toMatchObject({ ok: true, value: { id: webhookId } });
    expect(await deps.webhooks.find(webhookId)).toBeUndefined();
    expect(await new DeleteWebhook(deps).execute({ ...as, webhookId })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});

describe("SendWebhookTest, ListWebhookDeliveries and RedeliverWebhookDelivery", () => {
  it("adds one event item for that endpoint alone, named after the event and the endpoint; a disabled endpoint is a conflict", async () => {
    const { deps, as, webhookId, clock } = await setup();
    const sent = await new SendWebhookTest(deps).execute({ ...as, webhookId });
    const eventId = sent.ok ? sent.value.eventId : "";
    expect(await deps.outbox.find(`${eventId}.${webhookId}`)).toMatchObject({
      status: "pending", nextAttemptAt: clock.now(),
      work: { kind: "event", only: webhookId, event: { id: eventId, type: "webhook.test", workspaceId: as.workspaceId, data: { id: eventId, webhookId, workspaceId: as.workspaceId } } },
    });
    await deps.webhooks.update(webhookId, (current) => ({ ...current, enabled: false }));
    expect(await new SendWebhookTest(deps).execute({ ...as, webhookId })).toMatchObject({ ok: false, error: { code: "conflict" } });
  });

  it("pages deliveries newest first and redelivers one as a new item of the same event; an event item or another endpoint's delivery is not_found", async () => {
    const { deps, as, webhookId, clock } = await setup();
    const event = { id: "evt_1", type: "key.created", timestamp: new Date(clock.now()).toISOString(), workspaceId: as.workspaceId, data: {} } as const;
    const first = deliveryItem(deps.secrets, webhookId, event, clock.now());
    const second = deliveryItem(deps.secrets, webhookId, { ...event, id: "evt_2" }, clock.now() + 1);
    await deps.outbox.add([first, second, eventItem(event, clock.now()), deliveryItem(deps.secrets, "wh_other", event, clock.now())]);
    const list = new ListWebhookDeliveries(deps);
    const page = await list.execute({ ...as, webhookId, limit: "1" });
    expect(page).toMatchObject({ ok: true, value: { deliveries: [{ id: second.id, eventId: "evt_2" }], nextCursor: expect.any(String) } });
    const next = await list.execute({ ...as, webhookId, limit: "1", cursor: page.ok ? (page.value.nextCursor as string) : "" });
    expect(next).toMatchObject({ ok: true, value: { deliveries: [{ id: first.id }], nextCursor: null } });
    const redeliver = new RedeliverWebhookDelivery(deps);
    const again = await redeliver.execute({ ...as, webhookId, deliveryId: first.id });
    const againId = again.ok ? again.value.delivery.id : "";
    expect(await deps.outbox.find(againId)).toMatchObject({ log: webhookId, status: "pending", work: { kind: "delivery", webhookId, event } });
    expect(againId).not.toBe(first.id);
    expect(await redeliver.execute({ ...as, webhookId, deliveryId: event.id })).toMatchObject({ ok: false, error: { code: "not_found" } });
    const other = (await deps.outbox.page("wh_other", { limit: 1 })).items[0];
    expect(await redeliver.execute({ ...as, webhookId, deliveryId: other.id })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});
