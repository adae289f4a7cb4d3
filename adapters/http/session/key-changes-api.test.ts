import { describe, expect, it } from "vitest";
import { hashSecret } from "../../../domain/api-key.ts";
import { createTestApp, postJson } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { call, createWorkspaceKey, signUp } from "./testing.ts";

const HELLO = { input: { algorithm: "sha256", text: "hi" } };

const setup = async () => {
  const test = createTestApp({ tools: [hashText] });
  const ada = await signUp(test.app, "ada@example.com");
  const bob = await signUp(test.app, "bob@example.com");
  const created = await createWorkspaceKey(test, ada);
  return { ...test, ada, bob, created, base: `/api/v1/workspaces/${ada.workspaceId}` };
};

describe("POST /workspaces/:id/keys/:keyId/rotate", () => {
  it("answers the new secret once; the old one works through the grace and then gets the identical 401", async () => {
    const { app, ada, created, base, clock } = await setup();
    const response = await call(app, "POST", `${base}/keys/${created.key.id}/rotate`, { client: ada, body: { graceSeconds: 30 } });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.key).toMatchObject({ id: created.key.id, status: "active" });
    expect(data.previousSecretExpiresAt).toBe(new Date(clock.now() + 30_000).toISOString());
    clock.advance(29_999);
    expect((await postJson(app, "/api/v1/execute/hash-text", HELLO, { "x-api-key": created.secret })).status).toBe(200);
    clock.advance(1);
    const old = await postJson(app, "/api/v1/execute/hash-text", HELLO, { "x-api-key": created.secret });
    const none = await postJson(app, "/api/v1/execute/hash-text", HELLO, { "x-api-key": "tk_dev_0000000000000000000000000000000000000" });
    expect(old.status).toBe(401);
    expect(await old.text()).toBe(await none.text());
    expect((await postJson(app, "/api/v1/execute/hash-text", HELLO, { "x-api-key": data.secret })).status).toBe(200);
  });

  it("defaults the grace without a body, refuses a bad grace (422), another account (403) and needs the CSRF token", async () => {
    const { app, ada, bob, created, base, clock } = await setup();
    const path = `${base}/keys/${created.key.id}/rotate`;
    const noBody = await call(app, "POST", path, { client: ada });
    expect((await noBody.json()).data.previousSecretExpiresAt).toBe(new Date(clock.now() + 86_400_000).toISOString());
    for (const graceSeconds of [-1, 604_801, "60"]) {
      const bad = await call(app, "POST", path, { client: ada, body: { graceSeconds } });
      expect(bad.status).toBe(422);
      expect((await bad.json()).details[0].path).toBe("/graceSeconds");
    }
    expect((await call(app, "POST", path, { client: bob, body: {} })).status).toBe(403);
    expect((await call(app, "POST", path, { client: ada, csrf: null, body: {} })).status).toBe(403);
    expect((await call(app, "POST", `${base}/keys/key_nope/rotate`, { client: ada, body: {} })).status).toBe(404);
  });
});

describe("PATCH /workspaces/:id/keys/:keyId", () => {
  it("changes name, limit and window; the next request gets the new limit", async () => {
    const { app, ada, created, base } = await setup();
    const response = await call(app, "PATCH", `${base}/keys/${created.key.id}`, { client: ada, body: { name: "renamed", limit: 1, windowSeconds: 120 } });
    expect(response.status).toBe(200);
    expect((await response.json()).data.key).toMatchObject({ name: "renamed", limit: 1, windowSeconds: 120 });
    const first = await postJson(app, "/api/v1/execute/hash-text", HELLO, { "x-api-key": created.secret });
    expect(first.headers.get("x-ratelimit-limit")).toBe("1");
    expect((await postJson(app, "/api/v1/execute/hash-text", HELLO, { "x-api-key": created.secret })).status).toBe(429);
    const bad = await call(app, "PATCH", `${base}/keys/${created.key.id}`, { client: ada, body: { limit: 0 } });
    expect(bad.status).toBe(422);
  });
});

describe("GET /workspaces/:id/audit", () => {
  it("lists created, rotated, updated, revoked newest first with the account as actor, and no secret or hash", async () => {
    const { app, ada, bob, created, base, clock } = await setup();
    clock.advance(1000);
    const rotated = await (await call(app, "POST", `${base}/keys/${created.key.id}/rotate`, { client: ada, body: {} })).json();
    clock.advance(1000);
    await call(app, "PATCH", `${base}/keys/${created.key.id}`, { client: ada, body: { limit: 5 } });
    clock.advance(1000);
    await call(app, "POST", `${base}/keys/${created.key.id}/revoke`, { client: ada });
    const response = await call(app, "GET", `${base}/audit`, { client: ada });
    expect(response.status).toBe(200);
    const text = await response.text();
    const events = JSON.parse(text).data.events as { type: string; actor: unknown; keyId: string; at: string; id: string }[];
    expect(events.map((e) => [e.type, e.actor, e.keyId])).toEqual(
      ["key.revoked", "key.updated", "key.rotated", "key.created"].map((type) => [type, { accountId: ada.accountId }, created.key.id]),
    );
    for (const secret of [created.secret, rotated.data.secret]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(hashSecret(secret));
    }
    expect((await call(app, "GET", `${base}/audit`, { client: bob })).status).toBe(403);
  });
});
