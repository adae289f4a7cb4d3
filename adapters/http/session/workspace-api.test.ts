import { describe, expect, it } from "vitest";
import { createTestApp, postJson } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { call, createWorkspaceKey, signUp } from "./testing.ts";

const setup = async () => {
  const test = createTestApp({ tools: [hashText] });
  const ada = await signUp(test.app, "ada@example.com");
  const bob = await signUp(test.app, "bob@example.com");
  return { ...test, ada, bob };
};

describe("GET and POST /api/v1/workspaces", () => {
  it("creates a workspace (201) and lists it after the personal one", async () => {
    const { app, ada } = await setup();
    const created = await call(app, "POST", "/api/v1/workspaces", { client: ada, body: { name: "  Platform  " } });
    expect(created.status).toBe(201);
    const { workspace } = (await created.json()).data;
    expect(workspace).toEqual({ id: expect.stringMatching(/^ws_/), name: "Platform", personal: false, createdAt: expect.any(String) });
    const listed = (await (await call(app, "GET", "/api/v1/workspaces", { client: ada })).json()).data.workspaces;
    expect(listed.map((w: { name: string }) => w.name)).toEqual(["Personal", "Platform"]);
  });

  it("answers 422 invalid_input at /name for a blank or over-long name", async () => {
    const { app, ada } = await setup();
    for (const body of [{ name: "" }, { name: "x".repeat(65) }, {}]) {
      const response = await call(app, "POST", "/api/v1/workspaces", { client: ada, body });
      expect(response.status).toBe(422);
      expect((await response.json()).details).toEqual([{ path: "/name", message: "must be 1 to 64 characters" }]);
    }
  });

  it("answers 401 without a session and 403 csrf_failed without the token", async () => {
    const { app, ada } = await setup();
    expect((await call(app, "GET", "/api/v1/workspaces")).status).toBe(401);
    const noToken = await call(app, "POST", "/api/v1/workspaces", { client: ada, csrf: null, body: { name: "x" } });
    expect(noToken.status).toBe(403);
    expect((await noToken.json()).error_code).toBe("csrf_failed");
  });

  it("answers 405 naming every method of the path", async () => {
    const { app, ada } = await setup();
    const response = await call(app, "DELETE", "/api/v1/workspaces", { client: ada });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});

describe("PATCH /api/v1/workspaces/:id", () => {
  it("renames a workspace its caller owns", async () => {
    const { app, ada } = await setup();
    const response = await call(app, "PATCH", `/api/v1/workspaces/${ada.workspaceId}`, { client: ada, body: { name: "Ada's keys" } });
    expect(response.status).toBe(200);
    expect((await response.json()).data.workspace).toMatchObject({ id: ada.workspaceId, name: "Ada's keys", personal: true });
  });

  it("answers 403 forbidden for another account's workspace, 404 not_found for an unknown id, 422 for a bad name", async () => {
    const { app, ada, bob } = await setup();
    const foreign = await call(app, "PATCH", `/api/v1/workspaces/${ada.workspaceId}`, { client: bob, body: { name: "mine now" } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ status: "error", code: 403, error_code: "forbidden", message: "You are not a member of this workspace." });
    const unknown = await call(app, "PATCH", "/api/v1/workspaces/ws_doesnotexist", { client: ada, body: { name: "x" } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error_code).toBe("not_found");
    expect((await call(app, "PATCH", `/api/v1/workspaces/${ada.workspaceId}`, { client: ada, body: { name: " " } })).status).toBe(422);
  });

  it("answers 403 csrf_failed without the token", async () => {
    const { app, ada } = await setup();
    expect((await call(app, "PATCH", `/api/v1/workspaces/${ada.workspaceId}`, { client: ada, csrf: null, body: { name: "x" } })).status).toBe(403);
  });
});

describe("GET /api/v1/workspaces/:id/members", () => {
  it("lists the members with their roles to a member, and answers 403 to anyone else", async () => {
    const { app, ada, bob } = await setup();
    const own = await call(app, "GET", `/api/v1/workspaces/${ada.workspaceId}/members`, { client: ada });
    expect((await own.json()).data.members).toEqual([{ accountId: ada.accountId, email: "ada@example.com", role: "owner", joinedAt: expect.any(String), emailVerified: false }]);
    const foreign = await call(app, "GET", `/api/v1/workspaces/${ada.workspaceId}/members`, { client: bob });
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(await foreign.json())).not.toContain("ada@example.com");
    expect((await call(app, "GET", "/api/v1/workspaces/ws_nope/members", { client: ada })).status).toBe(404);
  });
});

describe("GET /api/v1/workspaces/:id/keys", () => {
  it("lists the workspace's keys as `keys list --json` does, never with secrets", async () => {
    const test = await setup();
    const created = await createWorkspaceKey(test, test.ada, "billing");
    const response = await call(test.app, "GET", `/api/v1/workspaces/${test.ada.workspaceId}/keys`, { client: test.ada });
    const { keys } = (await response.json()).data;
    expect(keys).toEqual([{ ...created.key }]);
    expect(Object.keys(keys[0])).toEqual(expect.arrayContaining(["id", "name", "env", "prefix", "status", "limit", "windowSeconds", "createdAt", "lastUsedAt"]));
    expect(JSON.stringify(keys)).not.toContain(created.secret);
  });

  it("shows another account neither the keys nor their names (403), and answers 404 for an unknown workspace", async () => {
    const test = await setup();
    await createWorkspaceKey(test, test.ada, "ada-secret-project");
    const foreign = await call(test.app, "GET", `/api/v1/workspaces/${test.ada.workspaceId}/keys`, { client: test.bob });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).not.toContain("ada-secret-project");
    expect((await call(test.app, "GET", "/api/v1/workspaces/ws_nope/keys", { client: test.ada })).status).toBe(404);
    const bobsOwn = await call(test.app, "GET", `/api/v1/workspaces/${test.bob.workspaceId}/keys`, { client: test.bob });
    expect((await bobsOwn.json()).data.keys).toEqual([]);
  });
});

describe("POST /api/v1/workspaces/:id/keys/:keyId/revoke", () => {
  const EXECUTE = { input: { algorithm: "sha256", text: "abc" } };

  it("revokes the key (200, status revoked) and the key gets 401 at once", async () => {
    const test = await setup();
    const { key, secret } = await createWorkspaceKey(test, test.ada);
    expect((await postJson(test.app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(200);
    const response = await call(test.app, "POST", `/api/v1/workspaces/${test.ada.workspaceId}/keys/${key.id}/revoke`, { client: test.ada });
    expect(response.status).toBe(200);
    expect((await response.json()).data.key).toMatchObject({ id: key.id, status: "revoked" });
    expect((await postJson(test.app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(401);
  });

  it("does not let another account revoke: 403 through the owner's workspace, 404 through its own", async () => {
    const test = await setup();
    const { key, secret } = await createWorkspaceKey(test, test.ada);
    const viaAdas = await call(test.app, "POST", `/api/v1/workspaces/${test.ada.workspaceId}/keys/${key.id}/revoke`, { client: test.bob });
    expect(viaAdas.status).toBe(403);
    const viaOwn = await call(test.app, "POST", `/api/v1/workspaces/${test.bob.workspaceId}/keys/${key.id}/revoke`, { client: test.bob });
    expect(viaOwn.status).toBe(404);
    expect((await viaOwn.json()).error_code).toBe("not_found");
    expect((await postJson(test.app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(200);
  });

  it("answers 404 for an unknown key, 403 csrf_failed without the token and 401 without a session", async () => {
    const test = await setup();
    const { key } = await createWorkspaceKey(test, test.ada);
    const path = `/api/v1/workspaces/${test.ada.workspaceId}/keys`;
    expect((await call(test.app, "POST", `${path}/key_unknown/revoke`, { client: test.ada })).status).toBe(404);
    expect((await call(test.app, "POST", `${path}/${key.id}/revoke`, { client: test.ada, csrf: null })).status).toBe(403);
    expect((await call(test.app, "POST", `${path}/${key.id}/revoke`)).status).toBe(401);
  });
});

describe("GET /api/v1/workspaces/{id}/audit?cursor&limit", () => {
  const auditEvent = (workspaceId: string, i: number) => ({
    id: `evt_${String(i).padStart(5, "0")}`, at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    type: "key.updated" as const, actor: { cli: true as const }, workspaceId, keyId: "key_1", changes: ["limit"],
  });

  it("pages newest first: default 50, nextCursor until the last page (null), every event once", async () => {
    const test = await setup();
    const base = `/api/v1/workspaces/${test.ada.workspaceId}/audit`;
    for (let i = 0; i < 130; i++) await test.storage.audit.record(auditEvent(test.ada.workspaceId, i));
    const pages: { events: { id: string }[]; nextCursor: string | null }[] = [];
    let path = base;
    for (;;) {
      const response = await call(test.app, "GET", path, { client: test.ada });
      expect(response.status).toBe(200);
      const page = (await response.json()).data;
      pages.push(page);
      if (page.nextCursor === null) break;
      path = `${base}?cursor=${encodeURIComponent(page.nextCursor)}`;
    }
    expect(pages.map((page) => page.events.length)).toEqual([50, 50, 30]);
    const expected = Array.from({ length: 130 }, (_, i) => `evt_${String(129 - i).padStart(5, "0")}`);
    expect(pages.flatMap((page) => page.events.map((e) => e.id))).toEqual(expected);
    const small = (await (await call(test.app, "GET", `${base}?limit=200`, { client: test.ada })).json()).data;
    expect([small.events.length, small.nextCursor]).toEqual([130, null]);
    expect((await call(test.app, "GET", base, { client: test.bob })).status).toBe(403);
  });

  it("answers 422 invalid_input for a limit outside 1-200 or a cursor it did not hand out", async () => {
    const test = await setup();
    const base = `/api/v1/workspaces/${test.ada.workspaceId}/audit`;
    for (const query of ["limit=0", "limit=201", "limit=abc", "limit=1.5"]) {
      const response = await call(test.app, "GET", `${base}?${query}`, { client: test.ada });
      expect(response.status).toBe(422);
      expect((await response.json()).details).toEqual([{ path: "/limit", message: "must be a whole number from 1 to 200" }]);
    }
    const forged = Buffer.from("../../etc|x", "utf8").toString("base64url");
    for (const cursor of ["not a cursor", forged]) {
      const response = await call(test.app, "GET", `${base}?cursor=${encodeURIComponent(cursor)}`, { client: test.ada });
      expect(response.status).toBe(422);
      expect((await response.json()).details).toEqual([{ path: "/cursor", message: "must be a nextCursor this API returned" }]);
    }
  });
});

describe("session-API writes per account", () => {
  it("answers the 121st write within 10 s with 429 rate_limited and Retry-After; reads, other accounts and the next window go on", async () => {
    const test = await setup();
    const rename = (client: typeof test.ada, name: string) =>
      call(test.app, "PATCH", `/api/v1/workspaces/${client.workspaceId}`, { client, body: { name } });
    // The harness clock stands at the start of a 10 s window.
    for (let i = 0; i < 120; i++) expect((await rename(test.ada, `Name ${i}`)).status).toBe(200);
    test.clock.advance(3_000);
    const refused = await rename(test.ada, "one more");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("7");
    expect((await refused.json()).error_code).toBe("rate_limited");
    expect((await call(test.app, "GET", "/api/v1/workspaces", { client: test.ada })).status).toBe(200);
    expect((await rename(test.bob, "Bob's")).status).toBe(200);
    test.clock.advance(7_000);
    expect((await rename(test.ada, "later")).status).toBe(200);
  });
});

describe("the workspace cap over the session API", () => {
  it("answers the 100th creation (the personal workspace is the first of 100) with 409 conflict", async () => {
    const test = await setup();
    // 99 writes: under the per-account write limit, so only the cap can refuse.
    for (let i = 1; i < 100; i++) {
      expect((await call(test.app, "POST", "/api/v1/workspaces", { client: test.ada, body: { name: `Team ${i}` } })).status).toBe(201);
    }
    const refused = await call(test.app, "POST", "/api/v1/workspaces", { client: test.ada, body: { name: "Team 100" } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error_code: "conflict", message: expect.stringContaining("at most 100 workspaces") });
  });
});
