import { describe, expect, it } from "vitest";
import { createTestApp, postJson } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";

const BODY = { input: { algorithm: "sha256", text: "x" } };

async function setup() {
  const test = createTestApp({ tools: [hashText], env: "production" });
  const live = await test.createKey({ env: "production" });
  const revoked = await test.createKey({ env: "production" });
  await test.revokeKey(revoked.id);
  const staging = await test.createKey({ env: "staging" });
  return { ...test, live, revoked, staging };
}

/** Flips one character of the random body, keeping the length: the checksum no longer matches. */
function mistype(secret: string): string {
  const i = 12;
  return secret.slice(0, i) + (secret[i] === "a" ? "b" : "a") + secret.slice(i + 1);
}

describe("API key authentication", () => {
  it("refuses missing, malformed, truncated, mistyped, unknown, revoked and other-environment keys with one identical body", async () => {
    const { app, live, revoked, staging } = await setup();
    const unknown = live.secret.slice(0, 7) + "A".repeat(32);
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      empty: { "x-api-key": "" },
      malformed: { "x-api-key": "not-a-key" },
      truncated: { "x-api-key": live.secret.slice(0, -3) },
      mistyped: { "x-api-key": mistype(live.secret) },
      unknownWithBadChecksum: { "x-api-key": unknown + "000000" },
      revoked: { "x-api-key": revoked.secret },
      otherEnvironment: { "x-api-key": staging.secret },
      basicScheme: { authorization: `Basic ${live.secret}` },
      revokedBearer: { authorization: `Bearer ${revoked.secret}` },
    };
    const bodies = new Set<string>();
    for (const [name, headers] of Object.entries(cases)) {
      const response = await postJson(app, "/api/v1/execute/hash-text", BODY, headers);
      expect(response.status, name).toBe(401);
      expect(response.headers.get("x-ratelimit-limit"), name).toBeNull();
      bodies.add(await response.text());
    }
    expect([...bodies]).toEqual(['{"status":"error","code":401,"error_code":"unauthorized","message":"A valid API key is required."}']);
  });

  it("refuses a well-formed key with a valid checksum that was never issued", async () => {
    const { app, live } = await setup();
    const { composeSecret } = await import("../../domain/api-key.ts");
    const forged = composeSecret("production", "Z".repeat(32));
    expect(forged.length).toBe(live.secret.length);
    const response = await postJson(app, "/api/v1/execute/hash-text", BODY, { "x-api-key": forged });
    expect(response.status).toBe(401);
  });

  it("answers 401 before looking at the body: an oversized or non-JSON body without a key learns nothing", async () => {
    const { app } = await setup();
    for (const body of ["{broken", JSON.stringify({ input: { text: "x".repeat(2_000_000) } })]) {
      const response = await postJson(app, "/api/v1/execute/hash-text", body, {});
      expect(response.status).toBe(401);
    }
    const noType = await app.request("/api/v1/execute/nope", { method: "POST", body: "x" });
    expect(noType.status).toBe(401);
  });

  it("keeps the refusal reason in the log but never the key", async () => {
    const { app, logs, revoked } = await setup();
    await postJson(app, "/api/v1/execute/hash-text", BODY, { "x-api-key": revoked.secret });
    const line = JSON.parse(logs.at(-1) as string);
    expect(line).toMatchObject({ status: 401, authFailure: "revoked", keyId: null });
    expect(logs.join("")).not.toContain(revoked.secret);
  });

  it("accepts the live key and reports it at GET /keys/current without secret or hash", async () => {
    const { app, live } = await setup();
    const response = await app.request("/api/v1/keys/current", { headers: { authorization: `Bearer ${live.secret}` } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      status: "success",
      code: 200,
      data: { key: { id: live.id, name: "test", env: "production", prefix: live.secret.slice(0, 12), limit: 60, windowSeconds: 60, expiresAt: null, scopes: null, workspaceId: null } },
    });
  });

  it("answers 401 at GET /keys/current without a key", async () => {
    const { app } = await setup();
    expect((await app.request("/api/v1/keys/current")).status).toBe(401);
  });
});
