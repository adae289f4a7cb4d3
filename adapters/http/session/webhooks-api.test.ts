import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import type { RunningServer } from "../../server.ts";
import { type SessionClient, sessionCall, signUpOver } from "../../testing/key-races.ts";
import { type Body, join, type Receiver, startReceiver, webhookServer } from "./testing/webhooks.ts";

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe("webhook endpoints over HTTP, on a real server (WEBHOOK_ALLOW_PRIVATE=true)", () => {
  let running: Awaited<ReturnType<typeof webhookServer>>;
  let receiver: Receiver;
  let server: RunningServer;
  let owner: SessionClient;
  let admin: SessionClient;
  let member: SessionClient;
  let outsider: SessionClient;
  let team: string;
  const call = async (client: SessionClient, method: string, path: string, body?: unknown) =>
    (await sessionCall(server.url, client, method, path, body)) as { status: number; body: Body };
  const hooks = (path = "") => `/workspaces/${team}/webhooks${path}`;

  beforeAll(async () => {
    [running, receiver] = await Promise.all([webhookServer("webhooks-api-", true), startReceiver()]);
    server = running.server;
    [owner, admin, member, outsider] = await Promise.all(["owner", "admin", "member", "outsider"].map((name) => signUpOver(server.url, `${name}@example.com`)));
    const created = await call(owner, "POST", "/workspaces", { name: "Team" });
    team = created.body.data?.workspace.id;
    await join(server.url, owner, team, { ...admin, email: "admin@example.com" }, "admin");
    await join(server.url, owner, team, { ...member, email: "member@example.com" }, "member");
  });
  afterAll(async () => {
    await running?.close();
    await receiver?.close();
  });

  it("creates an endpoint with its secret shown once: 201 with the secret, the list and every later answer without it", async () => {
    const created = await call(owner, "POST", hooks(), { url: receiver.url, events: ["key.created", "key.revoked"], description: "CI  " });
    expect(created).toMatchObject({ status: 201, body: { status: "success", code: 201, data: {
      webhook: { id: expect.stringMatching(/^wh_/), url: receiver.url, events: ["key.created", "key.revoked"], description: "CI", enabled: true, createdAt: expect.any(String) },
      secret: expect.stringMatching(SECRET),
    } } });
    const { webhook, secret } = created.body.data as { webhook: { id: string }; secret: string };
    const listed = await call(member, "GET", hooks());
    expect(listed).toMatchObject({ status: 200, body: { data: { webhooks: [created.body.data?.webhook] } } });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(Object.keys(listed.body.data?.webhooks[0]).sort()).toEqual(["createdAt", "description", "enabled", "events", "id", "url"]);
    const everyType = await call(owner, "POST", hooks(), { url: receiver.url });
    expect(everyType.body.data?.webhook).toMatchObject({ events: null, description: "" });
    const patched = await call(owner, "PATCH", hooks(`/${webhook.id}`), { description: "changed" });
    expect(JSON.stringify(patched.body)).not.toContain("whsec_");
    expect((await call(owner, "DELETE", hooks(`/${everyType.body.data?.webhook.id}`))).status).toBe(200);
  });

  it.each([
    [{ url: "http://127.0.0.1:1/x", events: [] }, "/events"],
    [{ url: "http://127.0.0.1:1/x", events: ["key.created", "nope"] }, "/events/1"],
    [{ url: "http://127.0.0.1:1/x", events: ["key.created", "key.created"] }, "/events/1"],
    [{ url: "http://127.0.0.1:1/x", events: "key.created" }, "/events"],
    [{ url: "http://127.0.0.1:1/x", description: "bell\u0007" }, "/description"],
    [{ url: "http://127.0.0.1:1/x", description: "d".repeat(257) }, "/description"],
    [{ events: null }, "/url"],
    [{ url: "not a url" }, "/url"],
    [{ url: "ftp://127.0.0.1/x" }, "/url"],
  ])("answers 422 invalid_input for %j at %s", async (body, path) => {
    const answer = await call(owner, "POST", hooks(), body);
    expect(answer).toMatchObject({ status: 422, body: { error_code: "invalid_input", details: [expect.objectContaining({ path })] } });
  });

  it("answers 409 conflict for the 21st endpoint of a workspace, and takes one again once one is deleted", async () => {
    const workspace = (await call(outsider, "POST", "/workspaces", { name: "Many" })).body.data?.workspace.id as string;
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) {
      const created = await call(outsider, "POST", `/workspaces/${workspace}/webhooks`, { url: `${receiver.url}/${n}` });
      expect(created.status).toBe(201);
      ids.push(created.body.data?.webhook.id);
    }
    expect(await call(outsider, "POST", `/workspaces/${workspace}/webhooks`, { url: receiver.url })).toMatchObject({ status: 409, body: { error_code: "conflict" } });
    expect((await call(outsider, "DELETE", `/workspaces/${workspace}/webhooks/${ids[0]}`)).status).toBe(200);
    expect((await call(outsider, "POST", `/workspaces/${workspace}/webhooks`, { url: receiver.url })).status).toBe(201);
    expect((await call(outsider, "GET", `/workspaces/${workspace}/webhooks`)).body.data?.webhooks).toHaveLength(20);
  });

  it("lets a member read the endpoints and deliveries but refuses every write with 403 forbidden; an admin writes", async () => {
    const id = (await call(admin, "POST", hooks(), { url: receiver.url, description: "by admin" })).body.data?.webhook.id as string;
    expect((await call(admin, "PATCH", hooks(`/${id}`), { events: ["pack.enabled"] })).body.data?.webhook.events).toEqual(["pack.enabled"]);
    expect((await call(member, "GET", hooks())).status).toBe(200);
    expect((await call(member, "GET", hooks(`/${id}/deliveries`))).body).toMatchObject({ data: { deliveries: [], nextCursor: null } });
    const forbidden = { status: 403, body: { error_code: "forbidden" } };
    expect(await call(member, "POST", hooks(), { url: receiver.url })).toMatchObject(forbidden);
    expect(await call(member, "PATCH", hooks(`/${id}`), { enabled: false })).toMatchObject(forbidden);
    expect(await call(member, "POST", hooks(`/${id}/rotate-secret`))).toMatchObject(forbidden);
    expect(await call(member, "POST", hooks(`/${id}/test`))).toMatchObject(forbidden);
    expect(await call(member, "POST", hooks(`/${id}/deliveries/dlv_x/redeliver`))).toMatchObject(forbidden);
    expect(await call(member, "DELETE", hooks(`/${id}`))).toMatchObject(forbidden);
    expect((await call(admin, "DELETE", hooks(`/${id}`))).status).toBe(200);
    expect((await call(admin, "GET", hooks())).body.data?.webhooks.map((webhook: { id: string }) => webhook.id)).not.toContain(id);
  });

  it("keeps other accounts out: their workspace is 403, an endpoint of another workspace is 404 not_found", async () => {
    const id = (await call(owner, "POST", hooks(), { url: receiver.url })).body.data?.webhook.id as string;
    expect(await call(outsider, "GET", hooks())).toMatchObject({ status: 403, body: { error_code: "forbidden" } });
    expect(await call(outsider, "POST", hooks(), { url: receiver.url })).toMatchObject({ status: 403 });
    const own = `/workspaces/${outsider.workspaceId}/webhooks/${id}`;
    for (const [method, path] of [["PATCH", own], ["DELETE", own], ["POST", `${own}/rotate-secret`], ["POST", `${own}/test`], ["GET", `${own}/deliveries`]] as const) {
      expect(await call(outsider, method, path, method === "PATCH" ? { enabled: false } : undefined), `${method} ${path}`).toMatchObject({ status: 404, body: { error_code: "not_found" } });
    }
    expect((await call(owner, "GET", hooks())).body.data?.webhooks.find((webhook: { id: string }) => webhook.id === id)).toMatchObject({ enabled: true });
  });

  it("updates url, events and description; disables and re-enables (clearing the failure clock); a disabled one takes no test (409)", async () => {
    const id = (await call(owner, "POST", hooks(), { url: receiver.url, events: ["key.created"] })).body.data?.webhook.id as string;
    const changed = await call(owner, "PATCH", hooks(`/${id}`), { url: `${receiver.url}/v2`, events: null, description: "v2" });
    expect(changed).toMatchObject({ status: 200, body: { data: { webhook: { id, url: `${receiver.url}/v2`, events: null, description: "v2", enabled: true } } } });
    expect(await call(owner, "PATCH", hooks(`/${id}`), { enabled: "no" })).toMatchObject({ status: 422, body: { details: [{ path: "/enabled" }] } });
    const store = server.container.get(TOKENS.webhookStore);
    await store.update(id, (current) => ({ ...current, failingSince: Date.now() - 1000 }));
    expect((await call(owner, "PATCH", hooks(`/${id}`), { enabled: false })).body.data?.webhook.enabled).toBe(false);
    expect(await call(owner, "POST", hooks(`/${id}/test`))).toMatchObject({ status: 409, body: { error_code: "conflict" } });
    expect((await store.find(id))?.failingSince).not.toBeNull();
    expect((await call(owner, "PATCH", hooks(`/${id}`), { enabled: true })).body.data?.webhook.enabled).toBe(true);
    expect((await store.find(id))?.failingSince).toBeNull();
  });

  it("rotates the secret: a new one shown once, the previous one kept signing for 24 hours", async () => {
    const created = await call(owner, "POST", hooks(), { url: receiver.url });
    const { webhook, secret } = created.body.data as { webhook: { id: string }; secret: string };
    const before = Date.now();
    const rotated = await call(owner, "POST", hooks(`/${webhook.id}/rotate-secret`));
    expect(rotated).toMatchObject({ status: 200, body: { data: { webhook: { id: webhook.id }, secret: expect.stringMatching(SECRET) } } });
    expect(rotated.body.data?.secret).not.toBe(secret);
    const expiresAt = Date.parse(rotated.body.data?.previousSecretExpiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const stored = await server.container.get(TOKENS.webhookStore).find(webhook.id);
    expect(stored).toMatchObject({ secret: rotated.body.data?.secret, previousSecret: secret, previousSecretExpiresAt: expiresAt });
    expect(JSON.stringify((await call(owner, "GET", hooks())).body)).not.toContain(rotated.body.data?.secret);
  });
});

describe("webhook endpoints with WEBHOOK_ALLOW_PRIVATE unset", () => {
  let running: Awaited<ReturnType<typeof webhookServer>>;
  let owner: SessionClient;
  beforeAll(async () => {
    running = await webhookServer("webhooks-strict-", false);
    owner = await signUpOver(running.server.url, "strict@example.com");
  });
  afterAll(async () => running?.close());

  // One per refused class (loopback, private, link-local and cloud metadata, CGNAT, unspecified, multicast, broadcast,
  // unique-local, IPv4-mapped), a name that resolves to loopback, and plain http: to a public address.
  it.each([
    "http://127.0.0.1:8080/hooks", "https://127.0.0.1/hooks", "https://[::1]/hooks", "https://localhost/hooks", "https://10.0.0.7/hooks",
    "https://172.16.0.1/hooks", "https://192.168.1.1/hooks", "https://169.254.169.254/latest", "https://[fe80::1]/hooks", "https://100.64.0.1/hooks",
    "https://0.0.0.0/hooks", "https://[::]/hooks", "https://224.0.0.1/hooks", "https://[ff02::1]/hooks", "https://255.255.255.255/hooks",
    "https://[fc00::1]/hooks", "https://[::ffff:127.0.0.1]/hooks", "https://[::ffff:169.254.169.254]/hooks", "http://93.184.215.14/hooks",
  ])(
    "refuses %s with 422 invalid_input at /url, on create and on update", async (url) => {
      const path = `/workspaces/${owner.workspaceId}/webhooks`;
      const created = await sessionCall(running.server.url, owner, "POST", path, { url });
      expect(created).toMatchObject({ status: 422, body: { error_code: "invalid_input", details: [{ path: "/url" }] } });
      const store = running.server.container.get(TOKENS.webhookStore);
      expect(await store.listByWorkspace(owner.workspaceId)).toEqual([]);
    });

  it("refuses a refused URL on update too, leaving the endpoint as it was", async () => {
    const store = running.server.container.get(TOKENS.webhookStore);
    const id = "wh_strictupdate0001";
    await store.create({ id, workspaceId: owner.workspaceId, url: "https://example.com/hooks", events: null, description: "", enabled: true, createdAt: Date.now(),
      secret: `whsec_${Buffer.alloc(32, 1).toString("base64")}`, previousSecret: null, previousSecretExpiresAt: null, failingSince: null }, 20);
    const answer = await sessionCall(running.server.url, owner, "PATCH", `/workspaces/${owner.workspaceId}/webhooks/${id}`, { url: "http://127.0.0.1/hooks" });
    expect(answer).toMatchObject({ status: 422, body: { details: [{ path: "/url" }] } });
    expect((await store.find(id))?.url).toBe("https://example.com/hooks");
  });
});
