import { createHmac } from "node:crypto";

const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 32;

/** The HMAC key of a `whsec_` secret: the bytes its base64 part decodes to. */
function keyOf(secret: string): Buffer {
  // Every secret is made by newWebhookSecret, so another shape is a bug, not an input to tolerate.
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("a webhook secret starts with whsec_");
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  if (key.length === 0) throw new Error("a webhook secret holds at least one byte");
  return key;
}

/**
 * The `webhook-signature` value of one delivery (Standard Webhooks): `v1,<base64 HMAC-SHA256>` over
 * `<id>.<timestampSeconds>.<body>` per secret, space-separated when several secrets sign (a rotation's 24 hours).
 */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  if (secrets.length === 0) throw new Error("a delivery is signed by at least one secret");
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) throw new Error("the timestamp is whole Unix seconds");
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets.map((secret) => `v1,${createHmac("sha256", keyOf(secret)).update(content, "utf8").digest("base64")}`).join(" ");
}

/** A new signing secret from 32 random bytes (randomness comes from the caller's SecretSource). */
export function newWebhookSecret(bytes: Uint8Array): string {
  if (bytes.length !== SECRET_BYTES) throw new Error(`a webhook secret is made of ${SECRET_BYTES} random bytes`);
  return SECRET_PREFIX + Buffer.from(bytes).toString("base64");
}

/** Every header of one attempt: the three Standard Webhooks headers and the JSON content type. */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Readonly<Record<string, string>> {
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": signatureHeader(secrets, id, timestampSeconds, body),
  };
}
