import { conflict, type DomainError, invalidInput } from "../domain/errors.ts";
import type { EventType } from "../domain/event.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { MAX_WEBHOOKS_PER_WORKSPACE, toWebhookView, type Webhook, type WebhookView } from "../domain/webhook.ts";
import { newWebhookSecret } from "../domain/webhook-signature.ts";
import { newId } from "./random-ids.ts";
import type { WebhookCaller, WebhookDeps } from "./webhook-access.ts";
import { readWebhookFields } from "./webhook-fields.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

/** Who adds an endpoint to which workspace, and its fields as sent. */
export interface CreateWebhookCommand extends WebhookCaller {
  /** The fields as sent: each is checked here (422 invalid_input naming every wrong one). */
  readonly url: unknown;
  /** Absent or null: every event type. */
  readonly events?: unknown;
  readonly description?: unknown;
}

/** The new endpoint as the API shows it, and its secret. */
export interface CreateWebhookOutput {
  readonly webhook: WebhookView;
  /** The signing secret, in this answer only. */
  readonly secret: string;
}

/** POST /workspaces/{id}/webhooks: owners and admins add an endpoint; its secret is shown this once. */
export class CreateWebhook {
  constructor(private readonly deps: WebhookDeps) {}

  async execute(cmd: CreateWebhookCommand): Promise<Result<CreateWebhookOutput, DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "manage_webhooks");
    if (!access.ok) return access;
    const fields = await readWebhookFields(this.deps.sender, cmd, new Set(["url", "events", "description"] as const));
    if (!fields.ok) return err(invalidInput(fields.error));
    const webhook: Webhook = {
      id: newId(this.deps.secrets, "wh"),
      workspaceId: cmd.workspaceId,
      url: fields.value.url as string,
      events: fields.value.events as readonly EventType[] | null,
      description: fields.value.description as string,
      enabled: true,
      createdAt: this.deps.clock.now(),
      secret: newWebhookSecret(this.deps.secrets.randomBytes(32)),
      previousSecret: null,
      previousSecretExpiresAt: null,
      failingSince: null,
    };
    // The store counts and writes in one step, so two creates racing for the 20th place cannot both win.
    if (!(await this.deps.webhooks.create(webhook, MAX_WEBHOOKS_PER_WORKSPACE))) {
      return err(conflict(`A workspace has at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhook endpoints: delete one first.`));
    }
    return ok({ webhook: toWebhookView(webhook), secret: webhook.secret });
  }
}
