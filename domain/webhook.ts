import type { ChangeMarked } from "./change-ids.ts";
import type { EventType } from "./event.ts";

/** At most this many endpoints per workspace (one more: 409 conflict). */
export const MAX_WEBHOOKS_PER_WORKSPACE = 20;
/** After a rotation the previous secret keeps signing this long. */
export const PREVIOUS_SECRET_SIGNS_MS = 24 * 3_600_000;
/** An endpoint whose deliveries have all failed this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** Each attempt is given this long to answer 2xx. */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** Svix's schedule: seconds to wait before each attempt after the first (8 attempts in all). */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** A workspace's webhook endpoint. The signing secrets are kept as they are (HMAC needs them) and never shown again. */
export interface Webhook extends ChangeMarked {
  readonly id: string;
  readonly workspaceId: string;
  readonly url: string;
  /** The types sent; null: every type. */
  readonly events: readonly EventType[] | null;
  readonly description: string;
  readonly enabled: boolean;
  readonly createdAt: number;
  /** `whsec_` + base64 of 32 random bytes. */
  readonly secret: string;
  /** The secret before the last rotation, signing beside the new one until `previousSecretExpiresAt`. */
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: number | null;
  /** Since when every delivery has failed (the first failure after a success); null while deliveries succeed. */
  readonly failingSince: number | null;
}

/** A webhook as the API shows it: never a secret. */
export interface WebhookView {
  readonly id: string;
  readonly url: string;
  readonly events: readonly EventType[] | null;
  readonly description: string;
  readonly enabled: boolean;
  readonly createdAt: string;
}

export const toWebhookView = (webhook: Webhook): WebhookView => ({
  id: webhook.id,
  url: webhook.url,
  events: webhook.events,
  description: webhook.description,
  enabled: webhook.enabled,
  createdAt: new Date(webhook.createdAt).toISOString(),
});

/** Whether the endpoint wants events of this type (a test event goes to its endpoint whatever the filter). */
export const wants = (webhook: Webhook, type: EventType): boolean =>
  type === "webhook.test" || webhook.events === null || webhook.events.includes(type);

/** The secrets that sign a delivery at `now`: the current one, and the previous one during its 24 hours. */
export function signingSecrets(webhook: Webhook, now: number): readonly string[] {
  const previous = webhook.previousSecret && (webhook.previousSecretExpiresAt ?? 0) > now ? [webhook.previousSecret] : [];
  return [webhook.secret, ...previous];
}
