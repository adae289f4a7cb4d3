import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH } from "../../../application/webhook-fields.ts";
import { DELIVERY_PAGE_LIMITS } from "../../../domain/delivery-cursor.ts";
import { EVENT_TYPES } from "../../../domain/event.ts";
import { MAX_WEBHOOKS_PER_WORKSPACE, PREVIOUS_SECRET_SIGNS_MS } from "../../../domain/webhook.ts";
import { ref } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";
import { answer, body, data, id, list, object, operation, SESSION, SESSION_WITH_CSRF, text } from "./session-parts.ts";
import { workspaceId } from "./session-paths.ts";

/** A workspace's webhook endpoints as shared/contract.md's "Events and webhooks" defines them; the routes live in ../session/webhook-routes.ts. */

const timestamp = text(64, { format: "date-time" });
const webhookId = { name: "webhookId", in: "path", required: true, description: "The webhook endpoint id.", schema: id("A webhook endpoint id (`wh_…`).") };
const deliveryId = { name: "deliveryId", in: "path", required: true, description: "The delivery id.", schema: id("A delivery id (`dlv_…`).") };
const cursor = {
  name: "cursor", in: "query", required: false, description: "The `nextCursor` of the previous page; absent for the first page.",
  schema: { type: "string", minLength: 1, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" },
};
const limit = {
  name: "limit", in: "query", required: false, description: `Deliveries per page, 1 to ${DELIVERY_PAGE_LIMITS.max}.`,
  schema: { type: "integer", format: "int32", minimum: 1, maximum: DELIVERY_PAGE_LIMITS.max, default: DELIVERY_PAGE_LIMITS.default },
};
const secret = text(64, { format: "password", pattern: "^whsec_[A-Za-z0-9+/]{43}=$", description: "`whsec_` + base64 of 32 random bytes: the HMAC key is the decoded bytes. Shown in this answer only." });
const ROLES = "Owners and admins; a member gets 403 `forbidden`.";
const URL_RULE = "An `https:` URL whose host is not, and does not resolve to, a loopback, private (RFC 1918, IPv6 unique-local), link-local, CGNAT, unspecified, multicast or broadcast address (IPv4-mapped forms included); a deployment with `WEBHOOK_ALLOW_PRIVATE=true` also allows those and `http:`. Refused: 422 `invalid_input` at `/url`.";
const BODYLESS = "A body is optional; if sent, it must be JSON.";

/** The endpoint, delivery and request schemas. */
export function webhookSchemas(): Record<string, OpenApiSchema> {
  const events = (description: string) => ({
    type: "array", minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true, nullable: true, items: ref("schemas", "WebhookEventType"), description,
  });
  const url = text(MAX_WEBHOOK_URL_LENGTH, { minLength: 1, format: "uri", description: URL_RULE });
  const description = text(MAX_WEBHOOK_DESCRIPTION_LENGTH, { description: "Free text; control and bidirectional-override characters are refused (422). Absent or null: empty." });
  return {
    WebhookEventType: { type: "string", enum: [...EVENT_TYPES], description: "An event type that leaves the service." },
    Webhook: object(["id", "url", "events", "description", "enabled", "createdAt"], {
      id: id("The endpoint id."), url: text(MAX_WEBHOOK_URL_LENGTH, { format: "uri" }),
      events: events("The types sent to this endpoint; null: every type."), description: text(MAX_WEBHOOK_DESCRIPTION_LENGTH),
      enabled: { type: "boolean", description: "False: nothing is sent to it (set by a PATCH, a 410 answer, or 5 days of failed deliveries)." },
      createdAt: timestamp,
    }),
    WebhookRequest: object(["url"], { url, events: events("The types to send; absent or null: every type."), description }),
    WebhookChange: object([], {
      url, events: events("The types to send; null: every type."), description,
      enabled: { type: "boolean", description: "False stops sending; true sends again (and starts the 5-day failure count afresh)." },
    }),
    WebhookDelivery: object(["id", "eventId", "type", "status", "attempts", "lastAttemptAt", "nextAttemptAt", "responseStatus", "error"], {
      id: id("The delivery id."), eventId: id("The event's id: its `webhook-id` header, the same on every attempt and redelivery."),
      type: ref("schemas", "WebhookEventType"),
      status: { type: "string", enum: ["pending", "delivered", "failed"] },
      attempts: { type: "integer", format: "int32", minimum: 0, maximum: 1000 },
      lastAttemptAt: { ...timestamp, nullable: true }, nextAttemptAt: { ...timestamp, nullable: true, description: "When the next attempt is due; null unless pending." },
      responseStatus: { type: "integer", format: "int32", minimum: 100, maximum: 599, nullable: true, description: "The last attempt's answer; null when none came." },
      error: { ...text(1024), nullable: true, description: "Why the last attempt failed; null when it did not." },
    }),
  };
}

// Every write also counts against the account's session-write limit (429).
const WRITE_ERRORS = [400, 401, 403, 404, 413, 415, 429, 500, 503];

/** The eight routes under /workspaces/{id}/webhooks. */
export function webhookOperations(): Operation[] {
  return [...endpointOperations(), ...deliveryOperations()];
}

/** Add, list, change, delete, rotate. */
function endpointOperations(): Operation[] {
  const webhook = ref("schemas", "Webhook");
  const write = WRITE_ERRORS;
  return [
    operation("createWebhook", "Webhooks", "Add a webhook endpoint",
      `${ROLES} The signing secret is in this answer only. At most ${MAX_WEBHOOKS_PER_WORKSPACE} endpoints per workspace: past that, 409 \`conflict\`.`, SESSION_WITH_CSRF, {
      parameters: [workspaceId], requestBody: body(ref("schemas", "WebhookRequest")),
      responses: { "201": answer("Added.", data({ webhook, secret }), 201), ...errorResponses([...write, 409, 422], { metered: false }) },
    }),
    operation("listWebhooks", "Webhooks", "List webhook endpoints", "Every member may list them, oldest first; never a secret.", SESSION, {
      parameters: [workspaceId],
      responses: { "200": answer("The endpoints.", data({ webhooks: list(webhook, MAX_WEBHOOKS_PER_WORKSPACE) })), ...errorResponses([401, 403, 404, 500, 503], { metered: false }) },
    }),
    operation("updateWebhook", "Webhooks", "Change a webhook endpoint", `Any of the fields; the others stay. ${ROLES} Another workspace's endpoint: 404.`, SESSION_WITH_CSRF, {
      parameters: [workspaceId, webhookId], requestBody: body(ref("schemas", "WebhookChange")),
      responses: { "200": answer("The changed endpoint.", data({ webhook })), ...errorResponses([...write, 422], { metered: false }) },
    }),
    operation("deleteWebhook", "Webhooks", "Delete a webhook endpoint", `Nothing more is sent to it. ${ROLES} ${BODYLESS}`, SESSION_WITH_CSRF, {
      parameters: [workspaceId, webhookId], responses: { "200": answer("Deleted: the endpoint as it was.", data({ webhook })), ...errorResponses(write, { metered: false }) },
    }),
    operation("rotateWebhookSecret", "Webhooks", "Rotate a webhook endpoint's secret",
      `A new secret, in this answer only; for ${PREVIOUS_SECRET_SIGNS_MS / 3_600_000} h every delivery is signed with both (two \`v1,\` signatures). ${ROLES} ${BODYLESS}`, SESSION_WITH_CSRF, {
      parameters: [workspaceId, webhookId],
      responses: {
        "200": answer("Rotated.", data({ webhook, secret, previousSecretExpiresAt: { ...timestamp, description: "Until when the previous secret signs too." } })),
        ...errorResponses(write, { metered: false }),
      },
    }),
  ];
}

/** Test, the deliveries log, redeliver. */
function deliveryOperations(): Operation[] {
  const send = (operationId: string, summary: string, description: string, parameters: unknown[], dataSchema: OpenApiSchema) =>
    operation(operationId, "Webhooks", summary, `${description} ${ROLES} A disabled endpoint: 409 \`conflict\`. ${BODYLESS}`, SESSION_WITH_CSRF, {
      parameters, responses: { "202": answer("Accepted: it is sent shortly.", dataSchema, 202), ...errorResponses([...WRITE_ERRORS, 409], { metered: false }) },
    });
  return [
    send("testWebhook", "Send a test event", "A `webhook.test` event to this endpoint alone, whatever its `events` filter.", [workspaceId, webhookId],
      data({ eventId: id("The test event's id (its `webhook-id`).") })),
    operation("listWebhookDeliveries", "Webhooks", "List an endpoint's deliveries",
      "One page, newest first; every member may read it. Pass `nextCursor` back as `cursor` for the next page. An endpoint keeps its newest 1,000 deliveries.", SESSION, {
      parameters: [workspaceId, webhookId, cursor, limit],
      responses: {
        "200": answer("One page of deliveries.", data({
          deliveries: list(ref("schemas", "WebhookDelivery"), DELIVERY_PAGE_LIMITS.max),
          nextCursor: { ...text(200), nullable: true, description: "The `cursor` of the next page; null on the last page." },
        })),
        ...errorResponses([401, 403, 404, 422, 500, 503], { metered: false }),
      },
    }),
    send("redeliverWebhookDelivery", "Redeliver", "The same event (same `webhook-id`) again, as a new delivery listed beside the first.",
      [workspaceId, webhookId, deliveryId], data({ delivery: ref("schemas", "WebhookDelivery") })),
  ];
}
