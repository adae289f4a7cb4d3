import { beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { createTestApp, postJson, type TestApp } from "../../testing/harness.ts";
import { type Client, call, createWorkspaceKey, signUp } from "../session/testing.ts";

let test: TestApp;
let ada: Client;
let bob: Client;
let busy: { id: string; secret: string };
let quiet: { id: string; secret: string };

const execute = (secret: string, tool: string, input: unknown) => postJson(test.app, `/api/v1/execute/${tool}`, { input }, { "x-api-key": secret });
const usageOf = (secret: string, query = "") => Promise.resolve(test.app.request(`/api/v1/usage${query}`, { headers: { "x-api-key": secret } }));

beforeAll(async () => {
  test = createTestApp();
  ada = await signUp(test.app, "ada@example.com");
  bob = await signUp(test.app, "bob@example.com");
  const key = async (name: string) => {
    const created = await createWorkspaceKey(test, ada, name);
    return { id: created.key.id, secret: created.secret };
  };
  busy = await key("busy");
  quiet = await key("quiet");
  await test.container.get(TOKENS.workspaceKeyChanges).update({ accountId: ada.accountId, workspaceId: ada.workspaceId, keyId: busy.id, limit: 5, windowSeconds: 60 });
  const statuses = [];
  statuses.push((await execute(busy.secret, "hash-text", { algorithm: "sha256", text: "a" })).status);
  statuses.push((await execute(busy.secret, "hash-text", { algorithm: "sha256", text: "b" })).status);
  statuses.push((await execute(busy.secret, "hash-text", { algorithm: "sha999", text: "c" })).status);
  statuses.push((await execute(busy.secret, "no-such-tool", {})).status);
  statuses.push((await execute(busy.secret, "base64-encode", { text: "hi" })).status);
  statuses.push((await execute(busy.secret, "hash-text", { algorithm: "sha256", text: "d" })).status);
  statuses.push((await execute("tk_dev_not_a_key", "hash-text", {})).status);
  statuses.push((await execute(quiet.secret, "base64-encode", { text: "hi" })).status);
  expect(statuses).toEqual([200, 200, 422, 404, 200, 429, 401, 200]);
  await test.container.get(TOKENS.recordUsage).flush();
  // The busy key's window is spent: a minute later it may read its usage.
  test.clock.advance(60_000);
});

describe("GET /api/v1/usage", () => {
  it("answers the calling key's calls by outcome, error code and tool, with the rate-limit headers", async () => {
    const response = await usageOf(busy.secret);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-limit")).toBe("5");
    const { usage } = (await response.json()).data;
    expect(usage.keyId).toBe(busy.id);
    expect(usage.granularity).toBe("minute");
    expect(usage.totals).toMatchObject({ calls: 6, success: 3, clientError: 2, rateLimited: 1, serverError: 0, errorCodes: { invalid_input: 1, tool_not_found: 1, rate_limited: 1 } });
    expect(usage.totals.latencyMs.p50).toBeGreaterThan(0);
    expect(usage.tools.map((tool: { toolId: string; calls: number }) => [tool.toolId, tool.calls])).toEqual([["hash-text", 4], ["(unknown)", 1], ["base64-encode", 1]]);
    expect(usage.series.reduce((sum: number, bucket: { calls: number }) => sum + bucket.calls, 0)).toBe(6);
  });

  it("shows a key only its own calls", async () => {
    const { usage } = (await (await usageOf(quiet.secret)).json()).data;
    expect(usage.totals).toMatchObject({ calls: 1, success: 1 });
  });

  it("answers 401 without a valid key, like every key route", async () => {
    expect((await usageOf("tk_dev_nope")).status).toBe(401);
  });

  it("answers 422 invalid_input with details for a bad from, to and granularity", async () => {
    const response = await usageOf(quiet.secret, "?from=yesterday&to=2026-99-01&granularity=week");
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error_code).toBe("invalid_input");
    expect(body.details.map((issue: { path: string }) => issue.path).sort()).toEqual(["/from", "/granularity", "/to"]);
  });
});

describe("GET /api/v1/workspaces/{id}/usage", () => {
  const workspaceUsage = (client: Client | undefined, workspaceId: string, query = "") => call(test.app, "GET", `/api/v1/workspaces/${workspaceId}/usage${query}`, { client });

  it("answers every key of the workspace for a member, per key (with its name) and per tool", async () => {
    const response = await workspaceUsage(ada, ada.workspaceId, "?granularity=hour");
    expect(response.status).toBe(200);
    const { usage } = (await response.json()).data;
    expect(usage.workspaceId).toBe(ada.workspaceId);
    expect(usage.totals).toMatchObject({ calls: 7, success: 4, clientError: 2, rateLimited: 1 });
    expect(usage.keys.map((key: { keyId: string; name: string; calls: number }) => [key.keyId, key.name, key.calls])).toEqual([[busy.id, "busy", 6], [quiet.id, "quiet", 1]]);
    expect(usage.tools.find((tool: { toolId: string }) => tool.toolId === "base64-encode").calls).toBe(2);
  });

  it("narrows to one key and one tool", async () => {
    const { usage } = (await (await workspaceUsage(ada, ada.workspaceId, `?keyId=${quiet.id}&tool=base64-encode`)).json()).data;
    expect(usage.totals.calls).toBe(1);
    expect(usage.keys.map((key: { keyId: string }) => key.keyId)).toEqual([quiet.id]);
  });

  it("answers 403 for another account's workspace, 404 for an unknown one, 401 without a session", async () => {
    expect((await workspaceUsage(bob, ada.workspaceId)).status).toBe(403);
    expect((await workspaceUsage(ada, "ws_unknown")).status).toBe(404);
    expect((await workspaceUsage(undefined, ada.workspaceId)).status).toBe(401);
  });

  it("answers 422 with details for a bad granularity", async () => {
    const response = await workspaceUsage(ada, ada.workspaceId, "?granularity=year");
    expect(response.status).toBe(422);
    expect((await response.json()).details).toEqual([expect.objectContaining({ path: "/granularity" })]);
  });
});
