import { describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { FormClient } from "./testing/form-client.ts";

// A public address literal: accepted without a DNS lookup. The endpoints here want only pack.enabled, which no test
// causes, so nothing is ever sent to it.
const TARGET = "https://93.184.215.14/hooks";
const secretOf = (page: string): string | undefined => /data-secret>([^<]+)</.exec(page)?.[1];
const webhookIdOf = (page: string): string | undefined => /data-webhook="([^"]+)"/.exec(page)?.[1];

/** Ada, owner of "Team" (current) with one endpoint added through the form; Bob, a member of Team. */
async function setup() {
  const test = createTestApp({ tools: [hashText] });
  const ada = new FormClient(test.app);
  await ada.signUp("ada@example.com");
  await ada.submit("/dashboard/workspaces", "/dashboard/workspaces", { name: "Team" });
  const bob = new FormClient(test.app);
  await bob.signUp("bob@example.com");
  const invited = await ada.submit("/dashboard/members", "/dashboard/members/invite", { email: "bob@example.com", role: "member" });
  const link = /data-accept-url>([^<]+)</.exec(await (await ada.get(invited.headers.get("location") ?? "")).text())?.[1] ?? "";
  const path = new URL(link).pathname;
  await bob.submit(path, `${path}/accept`, {});
  const added = await ada.submit("/dashboard/webhooks", "/dashboard/webhooks", { url: TARGET, description: "prod", scope: "some", events: "pack.enabled" });
  expect(added.status).toBe(303);
  const shown = await (await ada.get(added.headers.get("location") ?? "")).text();
  return { ...test, ada, bob, shown, webhookId: webhookIdOf(shown) ?? "" };
}

describe("the Webhooks page", () => {
  it("shows a new endpoint's secret on the page the form redirects to, once; a reload adds no second endpoint", async () => {
    const { ada, shown } = await setup();
    expect(secretOf(shown)).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const again = await (await ada.get("/dashboard/webhooks")).text();
    expect(secretOf(again)).toBeUndefined();
    expect(again.match(/data-webhook="/g)).toHaveLength(1);
    expect(again).toContain("prod · pack.enabled");
  });

  it("marks each wrong field and keeps what was typed (422)", async () => {
    const { ada } = await setup();
    const refused = await ada.submit("/dashboard/webhooks", "/dashboard/webhooks", { url: "ftp://example.com/x", description: "kept", scope: "some" });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain('id="webhook-url-error"');
    expect(page).toContain('id="webhook-events-error"');
    expect(page).toContain('value="ftp://example.com/x"');
    expect(page).toContain('value="kept"');
  });

  it("shows a member the endpoints and deliveries without a control, and refuses their forms with 403", async () => {
    const { bob, webhookId } = await setup();
    const response = await bob.get("/dashboard/webhooks");
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page).toContain(TARGET);
    expect(page).toContain("data-read-only");
    for (const control of ["Add endpoint", "Send test", "Rotate secret", ">Delete<", ">Disable<"]) expect(page).not.toContain(control);
    expect((await bob.submit("/dashboard/webhooks", `/dashboard/webhooks/${webhookId}/disable`, {})).status).toBe(403);
    expect((await bob.submit("/dashboard/webhooks", "/dashboard/webhooks", { url: TARGET, scope: "all" })).status).toBe(403);
    expect((await bob.get(`/dashboard/webhooks/${webhookId}/deliveries`)).status).toBe(200);
  });

  it("rotates with the new secret shown once, disables and enables, and deletes after a confirmation step", async () => {
    const { ada, shown, webhookId } = await setup();
    const rotated = await ada.submit("/dashboard/webhooks", `/dashboard/webhooks/${webhookId}/rotate`, {});
    const page = await (await ada.get(rotated.headers.get("location") ?? "")).text();
    expect(page).toContain("Secret rotated");
    expect(page).toContain("data-grace");
    expect(secretOf(page)).not.toBe(secretOf(shown));
    expect(secretOf(await (await ada.get(rotated.headers.get("location") ?? "")).text())).toBeUndefined();
    expect((await ada.submit("/dashboard/webhooks", `/dashboard/webhooks/${webhookId}/disable`, {})).headers.get("location")).toBe("/dashboard/webhooks?notice=disabled");
    expect(await (await ada.get("/dashboard/webhooks")).text()).toContain("Disabled</span>");
    await ada.submit("/dashboard/webhooks", `/dashboard/webhooks/${webhookId}/enable`, {});
    const confirm = await (await ada.get(`/dashboard/webhooks/${webhookId}/delete`)).text();
    expect(confirm).toContain("Delete this endpoint?");
    const deleted = await ada.submit(`/dashboard/webhooks/${webhookId}/delete`, `/dashboard/webhooks/${webhookId}/delete`, {});
    expect(deleted.headers.get("location")).toBe("/dashboard/webhooks?notice=deleted");
    expect(webhookIdOf(await (await ada.get("/dashboard/webhooks")).text())).toBeUndefined();
    expect((await ada.get(`/dashboard/webhooks/${webhookId}/delete`)).status).toBe(404);
  });
});
