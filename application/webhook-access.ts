import { type DomainError, notFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { Webhook } from "../domain/webhook.ts";
import type { Clock, Outbox, SecretSource, WebhookSender, WebhookStore, WorkspaceStore } from "./ports.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

/** What every webhook use case is built from (one set, so the composition root binds them in one loop). */
export interface WebhookDeps {
  readonly workspaces: WorkspaceStore;
  readonly webhooks: WebhookStore;
  readonly outbox: Outbox;
  readonly sender: WebhookSender;
  readonly clock: Clock;
  readonly secrets: SecretSource;
}

/** Who asks, and in which workspace. */
export interface WebhookCaller {
  readonly accountId: string;
  readonly workspaceId: string;
}

/** The caller, naming one endpoint of the workspace. */
export interface WebhookCommand extends WebhookCaller {
  readonly webhookId: string;
}

/** The not_found of an endpoint that does not exist or belongs to another workspace (one body for both). */
export const webhookNotFound = (id: string): DomainError => notFound(`This workspace has no webhook endpoint with the id '${id}'.`);

/**
 * The workspace rule (authorizeWorkspace: unknown workspace 404, not a member or a role without `action` 403), then
 * the endpoint, which must belong to that workspace: another workspace's endpoint looks unknown.
 */
export async function authorizeWebhook(
  deps: Pick<WebhookDeps, "workspaces" | "webhooks">, cmd: WebhookCommand, action: "read" | "manage_webhooks",
): Promise<Result<Webhook, DomainError>> {
  const access = await authorizeWorkspace(deps.workspaces, cmd.accountId, cmd.workspaceId, action);
  if (!access.ok) return access;
  const webhook = await deps.webhooks.find(cmd.webhookId);
  return webhook && webhook.workspaceId === cmd.workspaceId ? ok(webhook) : err(webhookNotFound(cmd.webhookId));
}
