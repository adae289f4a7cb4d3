import { describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { csrfOf, FormClient } from "./testing/form-client.ts";

const setup = async () => {
  const test = createTestApp({ tools: [hashText] });
  const ada = new FormClient(test.app);
  await ada.signUp("ada@example.com");
  const session = await (await test.app.request("/api/v1/auth/session", { headers: { cookie: ada.cookieHeader } })).json();
  return { ...test, ada, workspaceId: session.data.workspace.id as string };
};

// Each row names its key: the key's name (none here: these keys were never stored) beside its id.
const rowsOf = (page: string): string[] => [...page.matchAll(/<td data-label="Subject" class="name"><span><\/span> <code class="subtle">([^<]*)<\/code><\/td>/g)].map((m) => m[1]);

describe("GET /dashboard/audit", () => {
  it("shows 50 events a page, newest first, with links to older events and back to the newest", async () => {
    const { ada, storage, workspaceId } = await setup();
    for (let i = 0; i < 60; i++) {
      await storage.audit.record({
        id: `evt_${String(i).padStart(3, "0")}`, at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        type: "key.updated", actor: { cli: true }, workspaceId, keyId: `key_${String(i).padStart(3, "0")}`, changes: ["limit"],
      });
    }
    const first = await (await ada.get("/dashboard/audit")).text();
    const expected = Array.from({ length: 60 }, (_, i) => `key_${String(59 - i).padStart(3, "0")}`);
    expect(rowsOf(first)).toEqual(expected.slice(0, 50));
    const older = /href="(\/dashboard\/audit\?cursor=[^"]+)">Older events/.exec(first)?.[1];
    expect(older).toBeDefined();
    expect(first).not.toContain("Newest events");
    const second = await (await ada.get((older as string).replaceAll("&amp;", "&"))).text();
    expect(rowsOf(second)).toEqual(expected.slice(50));
    expect(second).toContain('href="/dashboard/audit">Newest events');
    expect(second).not.toContain("Older events");
    expect(rowsOf(await (await ada.get("/dashboard/audit?cursor=garbage")).text())).toEqual(expected.slice(0, 50));
  });
});

describe("dashboard form writes", () => {
  it("share the account's session-write limit: past 120 in 10 s a form gets a 429 page with Retry-After", async () => {
    const { ada, clock } = await setup();
    const csrf = csrfOf(await (await ada.get("/dashboard/workspaces")).text());
    // The harness clock stands at the start of a 10 s window.
    for (let i = 0; i < 120; i++) expect((await ada.post("/dashboard/workspaces/switch", { csrf, workspaceId: "ws_unknown" })).status).toBe(404);
    clock.advance(2_000);
    const refused = await ada.post("/dashboard/workspaces/switch", { csrf, workspaceId: "ws_unknown" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("8");
    expect(await refused.text()).toContain("Too many changes");
    expect((await ada.get("/dashboard/keys")).status).toBe(200);
  });
});
