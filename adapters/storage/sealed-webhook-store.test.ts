import { afterEach, describe, expect, it } from "vitest";
import type { Webhook } from "../../domain/webhook.ts";
import { SecretSealer } from "../security/secret-sealer.ts";
import { EVENTS_NAMESPACES, openWebhookStore } from "./open-events-storage.ts";
import type { Storage } from "./open-storage.ts";
import { SealedWebhookStore } from "./sealed-webhook-store.ts";
import { newEncryptionKey, SEALING_BACKENDS, type SealingBackend } from "./testing/sealing-backends.ts";
import { describeWebhookStore, makeWebhook } from "./webhook-store.contract.ts";

const raw = async (storage: Storage, id: string) => (await storage.atomic<Webhook>(EVENTS_NAMESPACES.webhooks).readRaw(id)) ?? "";
const rotated = (secret: string) => (current: Webhook): Webhook =>
  ({ ...current, secret, previousSecret: current.secret, previousSecretExpiresAt: 1, description: `${current.description}+` });

for (const [name, open] of SEALING_BACKENDS) {
  // The decorator keeps the port's whole contract on the store it wraps.
  describeWebhookStore(`${name}, sealed`, async () => {
    const { one, two, close } = await open();
    const keys = [newEncryptionKey()];
    return { store: new SealedWebhookStore(openWebhookStore(one), new SecretSealer(keys)), other: new SealedWebhookStore(openWebhookStore(two), new SecretSealer(keys)), close };
  });
}

describe.each(SEALING_BACKENDS)("SealedWebhookStore on %s", (_, open) => {
  let backend: SealingBackend | undefined;
  const start = async () => {
    backend = await open();
    const keys = [newEncryptionKey()];
    const inner = openWebhookStore(backend.one);
    return { inner, store: new SealedWebhookStore(inner, new SecretSealer(keys)), other: new SealedWebhookStore(openWebhookStore(backend.two), new SecretSealer(keys)), storage: backend.one };
  };
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
  });

  it("stores the signing secret and the previous one only sealed, and reads them back plain", async () => {
    const { store, storage } = await start();
    const webhook = makeWebhook();
    await store.create(webhook, 20);
    expect(await raw(storage, webhook.id)).not.toContain(webhook.secret);
    expect(await raw(storage, webhook.id)).toMatch(/"secret":"enc:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+"/);
    await store.update(webhook.id, rotated("whsec_bmV3IHNlY3JldA=="));
    expect(await raw(storage, webhook.id)).not.toMatch(/whsec_/);
    expect(await store.find(webhook.id)).toMatchObject({ secret: "whsec_bmV3IHNlY3JldA==", previousSecret: webhook.secret });
    expect((await store.listByWorkspace(webhook.workspaceId)).map((each) => each.previousSecret)).toEqual([webhook.secret]);
  });

  it("answers a no-op change with one object for before and after, opened, and writes nothing", async () => {
    const { store, storage } = await start();
    const webhook = makeWebhook();
    await store.create(webhook, 20);
    const stored = await raw(storage, webhook.id);
    for (const change of [() => undefined, (current: Webhook) => current]) {
      const result = await store.update(webhook.id, change);
      expect(result?.after).toBe(result?.before);
      expect(result?.after.secret).toBe(webhook.secret);
    }
    expect(await raw(storage, webhook.id)).toBe(stored);
  });

  it("reads an endpoint stored plain before the key was set, and seals it on its next write", async () => {
    const { inner, store, storage } = await start();
    const webhook = makeWebhook();
    await inner.create(webhook, 20);
    expect((await store.find(webhook.id))?.secret).toBe(webhook.secret);
    await store.update(webhook.id, (current) => ({ ...current, enabled: false }));
    expect(await raw(storage, webhook.id)).not.toContain(webhook.secret);
    expect(await store.find(webhook.id)).toMatchObject({ secret: webhook.secret, enabled: false });
  });

  it("ends 20 racing rotations (two instances) as one chain: each rotation saw the secret the one before it left", async () => {
    const { store, other } = await start();
    const webhook = makeWebhook();
    await store.create(webhook, 20);
    const secrets = Array.from({ length: 20 }, (_, i) => `whsec_${Buffer.from(`rotation ${i}`).toString("base64")}`);
    const results = await Promise.all(secrets.map((secret, i) => (i % 2 ? other : store).update(webhook.id, rotated(secret))));
    const seen = results.map((result) => result?.before.secret);
    expect(new Set(seen).size).toBe(20);
    const last = await store.find(webhook.id);
    expect(last?.description).toBe("+".repeat(20));
    expect([webhook.secret, ...secrets].sort()).toEqual([...seen, last?.secret].sort());
    expect(results.every((result) => result?.after.previousSecret === result?.before.secret)).toBe(true);
  });
});
