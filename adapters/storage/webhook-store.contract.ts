import type { WebhookStore } from "../../application/ports.ts";
import { MAX_WEBHOOKS_PER_WORKSPACE, type Webhook } from "../../domain/webhook.ts";
import { testApi } from "./test-api.ts";

/** One store under test, fresh and empty, and how to release it. */
export interface WebhookStoreSubject {
  readonly store: WebhookStore;
  /** A second store on the same backend (another instance's view), where the backend is shared; else left out. */
  readonly other?: WebhookStore;
  close(): Promise<void>;
}

const T0 = Date.UTC(2026, 0, 1);
let sequence = 0;

/** An endpoint with a unique id in workspace `ws_hooks`, with `overrides`. */
export function makeWebhook(overrides: Partial<Webhook> = {}): Webhook {
  sequence += 1;
  return {
    id: `wh_contract${String(sequence).padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`, workspaceId: "ws_hooks",
    url: `https://hooks.example.com/${sequence}`, events: null, description: "", enabled: true, createdAt: T0 + sequence,
    secret: `whsec_${Buffer.from(`secret ${sequence}`).toString("base64")}`, previousSecret: null, previousSecretExpiresAt: null, failingSince: null,
    ...overrides,
  };
}

const ids = (webhooks: readonly Webhook[]) => webhooks.map((webhook) => webhook.id);

/** The WebhookStore contract of application/outbox-ports.ts, run by every adapter's test (memory, LMDB, Redis, Redis Cluster). */
export function describeWebhookStore(name: string, make: () => Promise<WebhookStoreSubject>): void {
  const { afterEach, beforeEach, describe, expect, it } = testApi();
  describe(`WebhookStore contract: ${name}`, () => {
    let subject: WebhookStoreSubject;
    beforeEach(async () => {
      subject = await make();
    });
    afterEach(async () => {
      await subject.close();
    });

    it("finds a created endpoint field for field, on every handle; refuses a second one under its id", async () => {
      const { store, other = store } = subject;
      const webhook = makeWebhook({ events: ["key.created", "webhook.test"], description: "ci", previousSecret: "whsec_b2xk", previousSecretExpiresAt: T0 + 1 });
      expect(await store.create(webhook, MAX_WEBHOOKS_PER_WORKSPACE)).toBe(true);
      expect(await other.find(webhook.id)).toEqual(webhook);
      expect(await other.find("wh_unknown")).toBeUndefined();
      await expect(other.create({ ...webhook, url: "https://other.example.com/" }, MAX_WEBHOOKS_PER_WORKSPACE)).rejects.toThrow();
      expect(await store.listByWorkspace(webhook.workspaceId)).toEqual([webhook]);
    });

    it("lists a workspace's endpoints oldest first, and nothing of other workspaces", async () => {
      const { store, other = store } = subject;
      const [newest, oldest, middle] = [T0 - 1, T0 - 3, T0 - 2].map((createdAt) => makeWebhook({ workspaceId: "ws_list", createdAt }));
      const elsewhere = makeWebhook({ workspaceId: "ws_elsewhere" });
      for (const webhook of [newest, elsewhere, oldest, middle]) expect(await store.create(webhook, MAX_WEBHOOKS_PER_WORKSPACE)).toBe(true);
      expect(await other.listByWorkspace("ws_list")).toEqual([oldest, middle, newest]);
      expect(ids(await other.listByWorkspace("ws_elsewhere"))).toEqual([elsewhere.id]);
      expect(await other.listByWorkspace("ws_none")).toEqual([]);
    });

    it("changes an endpoint through update, answering before and after", async () => {
      const { store, other = store } = subject;
      const webhook = makeWebhook();
      await store.create(webhook, MAX_WEBHOOKS_PER_WORKSPACE);
      const after = { ...webhook, url: "https://new.example.com/", enabled: false };
      expect(await other.update(webhook.id, () => after)).toEqual({ before: webhook, after });
      expect(await store.find(webhook.id)).toEqual(after);
      expect(await store.listByWorkspace(webhook.workspaceId)).toEqual([after]);
      expect(await store.update(webhook.id, () => undefined)).toEqual({ before: after, after });
      expect(await store.update("wh_unknown", (w) => w)).toBeUndefined();
      await expect(store.update(webhook.id, (w) => ({ ...w, workspaceId: "ws_moved" }))).rejects.toThrow();
    });

    it("applies 20 concurrent toggles from two handles one after the other", async () => {
      const { store, other = store } = subject;
      const webhook = makeWebhook();
      await store.create(webhook, MAX_WEBHOOKS_PER_WORKSPACE);
      const toggles = await Promise.all(
        Array.from({ length: 20 }, (_, n) => (n % 2 ? other : store).update(webhook.id, (w) => ({ ...w, enabled: !w.enabled, failingSince: (w.failingSince ?? 0) + 1 }))),
      );
      // Each change saw the one before it: 20 different versions, each toggled once.
      expect(new Set(toggles.map((t) => t?.before.failingSince ?? 0)).size).toBe(20);
      expect(toggles.every((t) => t !== undefined && t.after.enabled === !t.before.enabled)).toBe(true);
      expect(await other.find(webhook.id)).toMatchObject({ enabled: true, failingSince: 20 });
    });

    it("deletes an endpoint once: gone from find and the list; a second or racing delete answers false", async () => {
      const { store, other = store } = subject;
      const [kept, gone, raced] = [makeWebhook(), makeWebhook(), makeWebhook()];
      for (const webhook of [kept, gone, raced]) await store.create(webhook, MAX_WEBHOOKS_PER_WORKSPACE);
      expect(await other.delete(gone.id)).toBe(true);
      expect(await store.delete(gone.id)).toBe(false);
      expect(await store.find(gone.id)).toBeUndefined();
      expect((await Promise.all([store.delete(raced.id), other.delete(raced.id)])).sort()).toEqual([false, true]);
      expect(await other.listByWorkspace(kept.workspaceId)).toEqual([kept]);
      expect(await store.update(gone.id, (w) => w)).toBeUndefined();
    });

    it(`stores exactly ${MAX_WEBHOOKS_PER_WORKSPACE} of 30 concurrent creates from two handles; a delete frees a place`, async () => {
      const { store, other = store } = subject;
      const webhooks = Array.from({ length: 30 }, () => makeWebhook({ workspaceId: "ws_cap" }));
      const created = await Promise.all(webhooks.map((w, n) => (n % 2 ? other : store).create(w, MAX_WEBHOOKS_PER_WORKSPACE)));
      expect(created.filter(Boolean)).toHaveLength(MAX_WEBHOOKS_PER_WORKSPACE);
      const listed = await other.listByWorkspace("ws_cap");
      expect(ids(listed)).toEqual(ids(webhooks.filter((_, n) => created[n])));
      const refused = webhooks.find((_, n) => !created[n]) as Webhook;
      expect(await store.find(refused.id)).toBeUndefined();
      expect(await store.create(makeWebhook({ workspaceId: "ws_cap" }), MAX_WEBHOOKS_PER_WORKSPACE)).toBe(false);
      await other.delete(listed[0].id);
      expect(await store.create(refused, MAX_WEBHOOKS_PER_WORKSPACE)).toBe(true);
      expect(await store.listByWorkspace("ws_cap")).toHaveLength(MAX_WEBHOOKS_PER_WORKSPACE);
    });
  });
}
