import type { WebhookStore, WebhookUpdate } from "../../application/ports.ts";
import type { Webhook } from "../../domain/webhook.ts";
import type { SecretSealer } from "../security/secret-sealer.ts";
import { type SealedFields, updateSealed } from "./sealed-update.ts";

/**
 * Any WebhookStore with the signing secrets (the current one and the one before a rotation) sealed at rest: written
 * sealed with ENCRYPTION_KEY's first key, read back opened for signing.
 */
export class SealedWebhookStore implements WebhookStore {
  private readonly fields: SealedFields<Webhook>;

  constructor(private readonly inner: WebhookStore, sealer: SecretSealer) {
    this.fields = webhookFields(sealer);
  }

  create(webhook: Webhook, max: number): Promise<boolean> {
    return this.inner.create(this.fields.seal(webhook), max);
  }

  async find(id: string): Promise<Webhook | undefined> {
    const stored = await this.inner.find(id);
    return stored && this.fields.open(stored);
  }

  async listByWorkspace(workspaceId: string): Promise<readonly Webhook[]> {
    return (await this.inner.listByWorkspace(workspaceId)).map((stored) => this.fields.open(stored));
  }

  update(id: string, change: (current: Webhook) => Webhook | undefined): Promise<WebhookUpdate | undefined> {
    return updateSealed((key, sealedChange) => this.inner.update(key, sealedChange), id, change, this.fields);
  }

  delete(id: string): Promise<boolean> {
    return this.inner.delete(id);
  }
}

/** The secret and the previous secret, each authenticated with its endpoint and field name. */
function webhookFields(sealer: SecretSealer): SealedFields<Webhook> {
  const each = (webhook: Webhook, convert: (value: string, context: string) => string): Webhook => ({
    ...webhook,
    secret: convert(webhook.secret, `webhook:${webhook.id}:secret`),
    previousSecret: webhook.previousSecret === null ? null : convert(webhook.previousSecret, `webhook:${webhook.id}:previous-secret`),
  });
  return { open: (stored) => each(stored, (value, context) => sealer.open(value, context)), seal: (plain) => each(plain, (value, context) => sealer.seal(value, context)) };
}
