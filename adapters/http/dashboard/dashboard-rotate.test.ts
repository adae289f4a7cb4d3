import { describe, expect, it } from "vitest";
import { createTestApp, postJson } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { FormClient } from "./testing/form-client.ts";

const EXECUTE = { input: { algorithm: "sha256", text: "abc" } };
const secretOf = (html: string) => (/data-secret>([^<]+)</.exec(html) as RegExpExecArray)[1];

async function setup() {
  const test = createTestApp({ tools: [hashText] });
  const ada = new FormClient(test.app);
  await ada.signUp("ada@example.com");
  const created = await ada.createKey("billing");
  const page = await (await ada.get(created.headers.get("location") as string)).text();
  const list = await (await ada.get("/dashboard/keys")).text();
  const keyId = (/\/dashboard\/keys\/(key_[0-9A-Za-z]+)\/rotate/.exec(list) as RegExpExecArray)[1];
  return { ...test, ada, secret: secretOf(page), keyId };
}

describe("rotating a key in the dashboard", () => {
  it("shows the new secret once after a redirect; the old one works through the grace, then gets the identical 401", async () => {
    const { app, ada, secret, keyId, clock } = await setup();
    const path = `/dashboard/keys/${keyId}/rotate`;
    const rotated = await ada.submit(path, path, { grace: "60" });
    expect(rotated.status).toBe(303);
    const location = rotated.headers.get("location") as string;
    const page = await ada.get(location);
    const html = await page.text();
    expect(html).toContain("Key rotated");
    expect(html).toContain("data-grace");
    const fresh = secretOf(html);
    expect(fresh).not.toBe(secret);
    expect((await ada.get(location)).status).toBe(303);
    clock.advance(59_999);
    expect((await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(200);
    clock.advance(1);
    const old = await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret });
    const none = await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": "tk_dev_0000000000000000000000000000000000000" });
    expect(old.status).toBe(401);
    expect(await old.text()).toBe(await none.text());
    expect((await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": fresh })).status).toBe(200);
  });

  it("answers 422 on the same form for a grace over 7 days, and refuses a POST without the form token", async () => {
    const { ada, keyId } = await setup();
    const path = `/dashboard/keys/${keyId}/rotate`;
    const refused = await ada.submit(path, path, { grace: "604801" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('id="grace-error"');
    expect((await ada.post(path, { grace: "60" })).status).toBe(403);
  });

  it("lists the workspace's key events on the audit page, newest first, with the account's email and no secret", async () => {
    const { ada, keyId, secret, clock } = await setup();
    clock.advance(1000);
    const path = `/dashboard/keys/${keyId}/rotate`;
    const rotated = await ada.submit(path, path, { grace: "0" });
    const fresh = secretOf(await (await ada.get(rotated.headers.get("location") as string)).text());
    const page = await ada.get("/dashboard/audit");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.indexOf("key.rotated")).toBeGreaterThan(-1);
    expect(html.indexOf("key.rotated")).toBeLessThan(html.indexOf("key.created"));
    expect(html).toContain("ada@example.com");
    expect(html).not.toContain(secret);
    expect(html).not.toContain(fresh);
  });

  it("edits name, limit and window without a new secret; the next request gets the new limit", async () => {
    const { app, ada, keyId, secret } = await setup();
    const path = `/dashboard/keys/${keyId}/edit`;
    const saved = await ada.submit(path, path, { name: "billing v2", limit: "1", window: "120" });
    expect(saved.status).toBe(303);
    expect(await (await ada.get("/dashboard/keys")).text()).toContain("billing v2");
    const first = await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret });
    expect(first.headers.get("x-ratelimit-limit")).toBe("1");
    expect((await postJson(app, "/api/v1/execute/hash-text", EXECUTE, { "x-api-key": secret })).status).toBe(429);
    const refused = await ada.submit(path, path, { name: "", limit: "0", window: "120" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('id="name-error"');
  });
});
