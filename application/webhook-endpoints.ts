import { type DomainError, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { PREVIOUS_SECRET_SIGNS_MS, toWebhookView, type Webhook, type WebhookView } from "../domain/webhook.ts";
import { newWebhookSecret } from "../domain/webhook-signature.ts";
import { authorizeWebhook, type WebhookCaller, type WebhookCommand, type WebhookDeps, webhookNotFound } from "./webhook-access.ts";
import { type WebhookFields, type WebhookFieldsInput, readWebhookFields } from "./webhook-fields.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

const UPDATABLE = ["url", "events", "description", "enabled"] as const;

/** GET /workspaces/{id}/webhooks: every member may read the endpoints (never a secret), oldest first. */
export class ListWebhooks {
  constructor(private readonly deps: WebhookDeps) {}

  async execute(cmd: WebhookCaller): Promise<Result<readonly WebhookView[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    return ok((await this.deps.webhooks.listByWorkspace(cmd.workspaceId)).map(toWebhookView));
  }
}

/** One endpoint, and the fields to change. */
export interface UpdateWebhookCommand extends WebhookCommand {
  /** The body as sent: any of url, events, description, enabled (others are ignored). */
  readonly fields: WebhookFieldsInput;
}

/** PATCH /workspaces/{id}/webhooks/{webhookId}: owners and admins change any field; a refused URL is 422. */
export class UpdateWebhook {
  constructor(private readonly deps: WebhookDeps) {}

  async execute(cmd: UpdateWebhookCommand): Promise<Result<WebhookView, DomainError>> {
    const found = await authorizeWebhook(this.deps, cmd, "manage_webhooks");
    if (!found.ok) return found;
    const present = new Set(UPDATABLE.filter((name) => cmd.fields[name] !== undefined));
    const fields = await readWebhookFields(this.deps.sender, cmd.fields, present);
    if (!fields.ok) return err(invalidInput(fields.error));
    const update = await this.deps.webhooks.update(cmd.webhookId, (current) => applyFields(current, fields.value));
    return update ? ok(toWebhookView(update.after)) : err(webhookNotFound(cmd.webhookId));
  }
}

/**
 * The endpoint with the fields changed. Re-enabling starts its failure clock afresh: five days of failures before
 * it was disabled must not disable it again on its first failed attempt.
 */
function applyFields(current: Webhook, fields: WebhookFields): Webhook {
  const reenabled = fields.enabled === true && !current.enabled;
  return {
    ...current,
    ...(fields.url !== undefined ? { url: fields.url } : {}),
    ...(fields.events !== undefined ? { events: fields.events } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.enabled !== undefined ? { enabled: fields.enabled } : {}),
    ...(reenabled ? { failingSince: null } : {}),
  };
}

/** DELETE /workspaces/{id}/webhooks/{webhookId}: nothing more is sent to it (the dispatcher drops its pending deliveries). */
export class DeleteWebhook {
  constructor(private readonly deps: WebhookDeps) {}

  async execute(cmd: WebhookCommand): Promise<Result<WebhookView, DomainError>> {
    const found = await authorizeWebhook(this.deps, cmd, "manage_webhooks");
    if (!found.ok) return found;
    // Another delete may win the race: then this one found nothing to delete, as if it came second.
    if (!(await this.deps.webhooks.delete(cmd.webhookId))) return err(webhookNotFound(cmd.webhookId));
    return ok(toWebhookView(found.value));
  }
}

/** The endpoint after a rotation and its new secret. */
export interface RotateWebhookSecretOutput {
  readonly webhook: WebhookView;
  /** The new secret, in this answer only. */
  readonly secret: string;
  /** ISO 8601: until when the previous secret signs beside the new one. */
  readonly previousSecretExpiresAt: string;
}

/** POST …/rotate-secret: a new secret; for 24 h every delivery is signed with both, so receivers can switch over. */
export class RotateWebhookSecret {
  constructor(private readonly deps: WebhookDeps) {}

  async execute(cmd: WebhookCommand): Promise<Result<RotateWebhookSecretOutput, DomainError>> {
    const found = await authorizeWebhook(this.deps, cmd, "manage_webhooks");
    if (!found.ok) return found;
    const secret = newWebhookSecret(this.deps.secrets.randomBytes(32));
    const expiresAt = this.deps.clock.now() + PREVIOUS_SECRET_SIGNS_MS;
    const update = await this.deps.webhooks.update(cmd.webhookId, (current) =>
      ({ ...current, secret, previousSecret: current.secret, previousSecretExpiresAt: expiresAt }));
    if (!update) return err(webhookNotFound(cmd.webhookId));
    return ok({ webhook: toWebhookView(update.after), secret, previousSecretExpiresAt: new Date(expiresAt).toISOString() });
  }
}
