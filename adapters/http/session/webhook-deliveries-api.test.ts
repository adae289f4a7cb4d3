import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server.ts";
import { type SessionClient, sessionCall, signUpOver } from "../../testing/key-races.ts";
import { type Body, type ReceivedRequest, type Receiver, startReceiver, waitFor, webhookServer } from "./testing/webhooks.ts";

interface Delivery {
  readonly id: string;
  readonly eventId: string;
  readonly type: string;
  readonly status: string;
  readonly attempts: number;
}

describe("webhook tests, deliveries and redelivery over HTTP, on a real server (WEBHOOK_ALLOW_PRIVATE=true, WEBHOOK_RETRY_SCHEDULE=1,1)", () => {
  let running: Awaited<ReturnType<typeof webhookServer>>;
  let receiver: Receiver;
  let server: RunningServer;
  let owner: SessionClient;
  const call = async (method: string, path: string, body?: unknown) => (await sessionCall(server.url, owner, method, `/workspaces/${owner.workspaceId}/webhooks${path}`, body)) as { status: number; body: Body };
  const create = async (path: string, events: string[] | null = null) => {
    const created = await call("POST", "", { url: `${receiver.url}${path}`, events });
    expect(created.status).toBe(201);
    return created.body.data as { webhook: { id: string }; secret: string };
  };
  const deliveries = async (webhookId: string, query = "") => (await call("GET", `/${webhookId}/deliveries${query}`)).body.data as { deliveries: Delivery[]; nextCursor: string | null };
  /** The deliveries of `webhookId` once `count` of them have ended (delivered or failed). */
  const settled = (webhookId: string, count: number) => waitFor(`${count} settled deliveries of ${webhookId}`, async () => {
    const page = await deliveries(webhookId, "?limit=200");
    return page.deliveries.filter((delivery) => delivery.status !== "pending").length >= count ? page.deliveries : undefined;
  });
  const sent = (eventId: string) => receiver.requests.filter((request) => request.headers["webhook-id"] === eventId);
  const verify = (secret: string, request: ReceivedRequest) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>);

  beforeAll(async () => {
    [running, receiver] = await Promise.all([webhookServer("webhook-deliveries-", true), startReceiver()]);
    server = running.server;
    owner = await signUpOver(server.url, "owner@example.com");
  });
  afterAll(async () => {
    await running?.close();
    await receiver?.close();
  });

  it("sends a test: 202, then a signed webhook.test event reaches that endpoint alone, whatever its filter, and is listed as delivered", async () => {
    const a = await create("/a", ["pack.enabled"]);
    await create("/b");
    const test = await call("POST", `/${a.webhook.id}/test`);
    expect(test).toMatchObject({ status: 202, body: { status: "success", code: 202, data: { eventId: expect.stringMatching(/^evt_/) } } });
    const eventId = test.body.data?.eventId as string;
    const [delivery] = await settled(a.webhook.id, 1);
    expect(delivery).toEqual({
      id: expect.any(String), eventId, type: "webhook.test", status: "delivered", attempts: 1,
      lastAttemptAt: expect.any(String), nextAttemptAt: null, responseStatus: 200, error: null,
    });
    expect(sent(eventId).map((request) => request.path)).toEqual(["/hooks/a"]);
    expect(verify(a.secret, sent(eventId)[0])).toEqual({
      type: "webhook.test", timestamp: expect.any(String), data: { id: eventId, at: expect.any(String), workspaceId: owner.workspaceId, webhookId: a.webhook.id },
    });
  });

  it("pages the deliveries newest first with an opaque cursor, and answers 422 for a bad cursor or limit", async () => {
    const c = await create("/c");
    const eventIds: string[] = [];
    for (let n = 1; n <= 3; n++) {
      eventIds.push((await call("POST", `/${c.webhook.id}/test`)).body.data?.eventId);
      await settled(c.webhook.id, n);
    }
    const first = await deliveries(c.webhook.id, "?limit=2");
    expect(first.deliveries.map((delivery) => delivery.eventId)).toEqual([eventIds[2], eventIds[1]]);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await deliveries(c.webhook.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ deliveries: [expect.objectContaining({ eventId: eventIds[0] })], nextCursor: null });
    expect((await deliveries(c.webhook.id, "?limit=")).deliveries).toHaveLength(3);
    // A forged cursor of printable text is the store's to not find: an answer, never a 500.
    expect((await call("GET", `/${c.webhook.id}/deliveries?cursor=${Buffer.from("999|forged").toString("base64url")}`)).status).toBe(200);
    for (const [query, paths] of [
      ["?limit=0", ["/limit"]], ["?limit=201", ["/limit"]], ["?limit=ten", ["/limit"]], ["?limit=-1", ["/limit"]],
      ["?cursor=!!", ["/cursor"]], [`?cursor=${Buffer.from("\u0000junk").toString("base64url")}`, ["/cursor"]], ["?cursor=abc%3D&limit=1000", ["/limit", "/cursor"]],
    ] as const) {
      const answer = await call("GET", `/${c.webhook.id}/deliveries${query}`);
      expect(answer, query).toMatchObject({ status: 422, body: { error_code: "invalid_input" } });
      expect(answer.body.details?.map((detail) => detail.path), query).toEqual(paths);
    }
  });

  it("redelivers: 202, a new delivery of the same event (same webhook-id) listed beside the first; another endpoint's delivery is 404", async () => {
    const d = await create("/d");
    const e = await create("/e");
    const eventId = (await call("POST", `/${d.webhook.id}/test`)).body.data?.eventId as string;
    const [original] = await settled(d.webhook.id, 1);
    const again = await call("POST", `/${d.webhook.id}/deliveries/${original.id}/redeliver`);
    expect(again).toMatchObject({ status: 202, body: { code: 202, data: { delivery: { eventId, type: "webhook.test", status: "pending", attempts: 0 } } } });
    expect(again.body.data?.delivery.id).not.toBe(original.id);
    const both = await settled(d.webhook.id, 2);
    expect(both.map((delivery) => [delivery.id, delivery.eventId, delivery.status])).toEqual([[again.body.data?.delivery.id, eventId, "delivered"], [original.id, eventId, "delivered"]]);
    expect(sent(eventId)).toHaveLength(2);
    for (const request of sent(eventId)) expect(verify(d.secret, request)).toMatchObject({ type: "webhook.test", data: { id: eventId } });
    expect(await call("POST", `/${e.webhook.id}/deliveries/${original.id}/redeliver`)).toMatchObject({ status: 404, body: { error_code: "not_found" } });
    expect(await call("POST", `/${d.webhook.id}/deliveries/dlv_unknown/redeliver`)).toMatchObject({ status: 404, body: { error_code: "not_found" } });
  });

  it("lists a failing endpoint's attempts with the answer's status and error, then failed after the schedule", async () => {
    const failing = await startReceiver();
    failing.status = 500;
    try {
      const created = await sessionCall(server.url, owner, "POST", `/workspaces/${owner.workspaceId}/webhooks`, { url: failing.url });
      const id = (created.body.data?.webhook as { id: string }).id;
      expect((await call("POST", `/${id}/test`)).status).toBe(202);
      const [delivery] = await settled(id, 1);
      expect(delivery).toMatchObject({ status: "failed", attempts: 3, responseStatus: 500, error: expect.stringContaining("500"), nextAttemptAt: null });
      expect(failing.requests).toHaveLength(3);
      expect(new Set(failing.requests.map((request) => request.headers["webhook-id"])).size).toBe(1);
    } finally {
      await failing.close();
    }
  }, 20_000);
});
