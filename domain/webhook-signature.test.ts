import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeader, webhookHeaders } from "./webhook-signature.ts";

const secret = () => newWebhookSecret(randomBytes(32));
// standardwebhooks' verify refuses timestamps more than 5 minutes from its own clock, so signed deliveries use now.
const nowSeconds = () => Math.floor(Date.now() / 1000);

const BODIES = [
  ["an event body", JSON.stringify({ type: "key.created", timestamp: "2025-01-01T00:00:00.000Z", data: { id: "evt_1" } })],
  ["non-ASCII text", JSON.stringify({ type: "webhook.test", data: { name: "clé 🔑 ключ" } })],
  ["an empty object", "{}"],
];

describe("signatureHeader", () => {
  it("reproduces the Standard Webhooks specification's published test vector", () => {
    const header = signatureHeader(["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}');
    expect(header).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("equals the standardwebhooks package's own Webhook.sign", () => {
    const key = secret();
    const expected = new Webhook(key).sign("evt_abc", new Date(1_700_000_000_000), BODIES[0][1]);
    expect(signatureHeader([key], "evt_abc", 1_700_000_000, BODIES[0][1])).toBe(expected);
  });

  it("signs once per secret, space-separated, in the order given", () => {
    const [a, b] = [secret(), secret()];
    const both = signatureHeader([a, b], "evt_1", 1_700_000_000, "{}");
    expect(both).toBe(`${signatureHeader([a], "evt_1", 1_700_000_000, "{}")} ${signatureHeader([b], "evt_1", 1_700_000_000, "{}")}`);
    expect(both).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
  });

  it("throws without a secret, for a secret without its prefix, and for a fractional timestamp", () => {
    expect(() => signatureHeader([], "evt_1", 1, "{}")).toThrow();
    expect(() => signatureHeader(["MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], "evt_1", 1, "{}")).toThrow();
    expect(() => signatureHeader([secret()], "evt_1", 1.5, "{}")).toThrow();
  });
});

describe("webhookHeaders", () => {
  it.each(BODIES)("verifies with the standardwebhooks package for %s", (_name, body) => {
    const key = secret();
    const headers = webhookHeaders([key], "evt_01J", nowSeconds(), body);
    expect(new Webhook(key).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("carries the three Standard Webhooks headers and the JSON content type", () => {
    const headers = webhookHeaders([secret()], "evt_01J", 1_700_000_000, "{}");
    expect(Object.keys(headers).sort()).toEqual(["content-type", "webhook-id", "webhook-signature", "webhook-timestamp"]);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["webhook-id"]).toBe("evt_01J");
    expect(headers["webhook-timestamp"]).toBe("1700000000");
  });

  it("verifies with each of two signing secrets alone (a rotation), and with no other", () => {
    const [current, previous] = [secret(), secret()];
    const headers = webhookHeaders([current, previous], "evt_rot", nowSeconds(), BODIES[0][1]);
    expect(() => new Webhook(current).verify(BODIES[0][1], headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(BODIES[0][1], headers)).not.toThrow();
    expect(() => new Webhook(secret()).verify(BODIES[0][1], headers)).toThrow(/No matching signature/);
  });

  it("fails verification under a wrong secret or an altered body, id or timestamp", () => {
    const key = secret();
    const ts = nowSeconds();
    const headers = webhookHeaders([key], "evt_1", ts, "{}");
    expect(() => new Webhook(secret()).verify("{}", headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(key).verify('{"a":1}', headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(key).verify("{}", { ...headers, "webhook-id": "evt_2" })).toThrow(/No matching signature/);
    expect(() => new Webhook(key).verify("{}", { ...headers, "webhook-timestamp": String(ts - 1) })).toThrow(/No matching signature/);
  });
});

describe("newWebhookSecret", () => {
  it("is whsec_ and the base64 of exactly the 32 bytes given", () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i);
    const made = newWebhookSecret(bytes);
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect([...Buffer.from(made.slice("whsec_".length), "base64")]).toEqual([...bytes]);
  });

  it.each([0, 16, 31, 33, 64])("throws for %i bytes", (length) => {
    expect(() => newWebhookSecret(new Uint8Array(length))).toThrow();
  });
});
