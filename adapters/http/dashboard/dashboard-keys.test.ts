import { describe, expect, it } from "vitest";
import { createTestApp, postJson } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { FormClient } from "./testing/form-client.ts";

const EXECUTE = { input: { algorithm: "sha256", text: "abc" } };

async function setup() {
  const test = createTestApp({ tools: [hashText] });
  const ada = new FormClient(test.app);
  await ada.signUp("ada@example.com");
  return { ...test, ada };
}

/** Creates a key in the form and follows the redirect to the one page that shows its secret. */
async function createAndReveal(browser: FormClient, name: string) {
  const created = await browser.createKey(name);
  expect(created.status).toBe(303);
  const location = created.headers.get("location") as string;
  expect(location).toMatch(/^\/dashboard\/keys\/created\?f=[A-Za-z0-9_-]{22}$/);
  const page = await browser.get(location);
  const html = await page.text();
  const secret = (/data-secret>([^<]+)</.exec(html) as RegExpExecArray)[1];
  return { location, page, html, secret };
}

describe("creating a key in the dashboard", () => {
  it("shows the secret once: the POST redirects (303) to a no-store page, and a reload finds nothing", async () => {
    const { app, ada } = await setup();
    const { location, page, html, secret } = await createAndReveal(ada, "billing");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain("shown only this once");
    expect(secret).toMatch(/^tk_dev_/);
    expect((await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(200);
    const reload = await ada.get(location);
    expect(reload.status).toBe(303);
    expect(reload.headers.get("location")).toBe("/dashboard/keys");
    const list = await (await ada.get("/dashboard/keys")).text();
    expect(list).toContain("billing");
    expect(list).not.toContain(secret);
  });

  it("shows a key named <script>alert(1)</script> as text, everywhere", async () => {
    const { ada } = await setup();
    const name = "<script>alert(1)</script>";
    const { html } = await createAndReveal(ada, name);
    const list = await (await ada.get("/dashboard/keys")).text();
    for (const page of [html, list]) {
      expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(page).not.toContain(name);
    }
  });

  it("answers 422 with the form filled in again and the problem next to the field", async () => {
    const { ada } = await setup();
    const refused = await ada.createKey("", { limit: "0" });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain('id="key-name-error"');
    expect(page).toContain('id="key-limit-error"');
    expect(page).toContain('value="0"');
  });

  it("refuses a create form without the session's CSRF token, or from another origin (403), and creates nothing", async () => {
    const { ada } = await setup();
    expect((await ada.post("/dashboard/keys", { name: "forged", env: "development" })).status).toBe(403);
    const page = await (await ada.get("/dashboard/keys")).text();
    const csrf = (/name="csrf" value="([^"]+)"/.exec(page) as RegExpExecArray)[1];
    expect((await ada.post("/dashboard/keys", { csrf, name: "forged", env: "development" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await ada.post("/dashboard/keys", { csrf: "wrong", name: "forged", env: "development" })).status).toBe(403);
    expect(await (await ada.get("/dashboard/keys")).text()).not.toContain("forged");
  });

  it("uses a strict CSP, DENY framing and a same-origin referrer policy, with no inline script or style", async () => {
    const { ada } = await setup();
    const page = await ada.get("/dashboard/keys");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("content-security-policy")).not.toContain("unsafe-inline");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>|<style|\sstyle=|\son[a-z]+=/i);
    for (const [path, type] of [["/dashboard/assets/dashboard.css", "text/css"], ["/dashboard/assets/dashboard.js", "text/javascript"]]) {
      const asset = await ada.get(path);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-type")).toContain(type);
    }
    expect((await ada.get("/dashboard/assets/../../package.json")).status).toBe(404);
  });
});

describe("revoking a key in the dashboard", () => {
  it("asks for confirmation, then revokes: the key gets 401 and stays listed as revoked", async () => {
    const { app, ada } = await setup();
    const { secret } = await createAndReveal(ada, "ci");
    const list = await (await ada.get("/dashboard/keys")).text();
    const keyId = (/href="\/dashboard\/keys\/(key_[A-Za-z0-9]+)\/revoke"/.exec(list) as RegExpExecArray)[1];
    const confirm = await ada.get(`/dashboard/keys/${keyId}/revoke`);
    expect(await confirm.text()).toContain("Revoke this key?");
    expect((await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(200);
    const revoked = await ada.submit(`/dashboard/keys/${keyId}/revoke`, `/dashboard/keys/${keyId}/revoke`, {});
    expect(revoked.status).toBe(303);
    expect((await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(401);
    const after = await (await ada.get(revoked.headers.get("location") as string)).text();
    expect(after).toContain("was revoked");
    expect(after).toMatch(/<tr class="revoked">[\s\S]*?ci[\s\S]*?Revoked/);
  });

  it("does not let another account see or revoke a workspace's keys (404)", async () => {
    const { app, ada } = await setup();
    const { secret } = await createAndReveal(ada, "ada-only");
    const keyId = (/href="\/dashboard\/keys\/(key_[A-Za-z0-9]+)\/revoke"/.exec(await (await ada.get("/dashboard/keys")).text()) as RegExpExecArray)[1];
    const bob = new FormClient(app);
    await bob.signUp("bob@example.com");
    expect(await (await bob.get("/dashboard/keys")).text()).not.toContain("ada-only");
    expect((await bob.get(`/dashboard/keys/${keyId}/revoke`)).status).toBe(404);
    const csrf = (/name="csrf" value="([^"]+)"/.exec(await (await bob.get("/dashboard/keys")).text()) as RegExpExecArray)[1];
    expect((await bob.post(`/dashboard/keys/${keyId}/revoke`, { csrf })).status).toBe(404);
    expect((await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(200);
  });
});

describe("workspaces in the dashboard", () => {
  it("creates a workspace, switches to it, and keeps each workspace's keys apart", async () => {
    const { ada } = await setup();
    await createAndReveal(ada, "personal-key");
    const created = await ada.submit("/dashboard/workspaces", "/dashboard/workspaces", { name: "Platform" });
    expect(created.headers.get("location")).toBe("/dashboard/keys?notice=workspace-created");
    const platform = await (await ada.get("/dashboard/keys")).text();
    expect(platform).toContain("<strong>Platform</strong>");
    expect(platform).not.toContain("personal-key");
    expect(platform).toContain("No keys in this workspace yet");
    const personalId = (/<option value="(ws_[A-Za-z0-9]+)">Personal<\/option>/.exec(platform) as RegExpExecArray)[1];
    await ada.submit("/dashboard/keys", "/dashboard/workspaces/switch", { workspaceId: personalId, next: "/dashboard/keys" });
    expect(await (await ada.get("/dashboard/keys")).text()).toContain("personal-key");
  });
});
