import { describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { FormClient } from "./testing/form-client.ts";

const linkOf = (page: string): string | undefined => /data-accept-url>([^<]+)</.exec(page)?.[1];
const pathOf = (link: string): string => new URL(link).pathname;

/** Ada with a shared workspace "Team" (current), and Bob signed up on his own. */
async function setup() {
  const test = createTestApp({ tools: [hashText] });
  const ada = new FormClient(test.app);
  await ada.signUp("ada@example.com");
  await ada.submit("/dashboard/workspaces", "/dashboard/workspaces", { name: "Team" });
  const bob = new FormClient(test.app);
  await bob.signUp("bob@example.com");
  const invite = async (email: string, role = "member") => {
    const created = await ada.submit("/dashboard/members", "/dashboard/members/invite", { email, role });
    expect(created.status).toBe(303);
    return linkOf(await (await ada.get(created.headers.get("location") ?? "")).text()) ?? "";
  };
  return { ...test, ada, bob, invite };
}

describe("the Members page and the accept page", () => {
  it("shows an invitation link once; the invitee accepts it and lands in the workspace", async () => {
    const { ada, bob, invite } = await setup();
    const created = await ada.submit("/dashboard/members", "/dashboard/members/invite", { email: "bob@example.com", role: "admin" });
    const location = created.headers.get("location") ?? "";
    const link = linkOf(await (await ada.get(location)).text()) ?? "";
    expect(link).toMatch(/^http:\/\/localhost\/dashboard\/invitations\/[A-Za-z0-9_-]{43}$/);
    expect(linkOf(await (await ada.get(location)).text())).toBeUndefined();
    const preview = await (await bob.get(pathOf(link))).text();
    expect(preview).toContain("Join “Team”");
    const accepted = await bob.submit(pathOf(link), `${pathOf(link)}/accept`, {});
    expect(accepted.headers.get("location")).toBe("/dashboard/keys?notice=joined");
    expect(await (await bob.get("/dashboard/keys?notice=joined")).text()).toContain("Workspace <strong>Team</strong>");
    expect((await bob.submit(pathOf(link), `${pathOf(link)}/accept`, {})).status).toBe(404);
    await invite("someone@example.com");
  });

  it("sends a visitor without a session to sign in and back to the same link", async () => {
    const { app, invite } = await setup();
    const link = await invite("bob@example.com");
    const visit = await app.request(pathOf(link));
    expect(visit.status).toBe(303);
    expect(visit.headers.get("location")).toBe(`/dashboard/sign-in?next=${encodeURIComponent(pathOf(link))}`);
  });

  it("answers 403 pages for another account's invitation and for actions a member's role does not allow", async () => {
    const { ada, bob, invite } = await setup();
    const forSomeoneElse = await invite("carol@example.com");
    const wrong = await bob.get(pathOf(forSomeoneElse));
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("This invitation is for carol@example.com");
    const link = await invite("bob@example.com");
    await bob.submit(pathOf(link), `${pathOf(link)}/accept`, {});
    const asMember = await bob.submit("/dashboard/members", "/dashboard/members/invite", { email: "dan@example.com", role: "member" });
    expect(asMember.status).toBe(403);
    const page = await (await bob.get("/dashboard/members")).text();
    expect(page).not.toContain("Create invitation link");
    const adaId = /data-member="ada@example.com">[\s\S]*?action="\/dashboard\/members\/([^/]+)\/role"/.exec(await (await ada.get("/dashboard/members")).text())?.[1] ?? "";
    expect((await bob.submit("/dashboard/members", `/dashboard/members/${adaId}/remove`, {})).status).toBe(403);
  });

  it("refuses a removed member's next form with a 403 page instead of applying it to another workspace", async () => {
    const { ada, bob, invite, container } = await setup();
    const link = await invite("bob@example.com");
    await bob.submit(pathOf(link), `${pathOf(link)}/accept`, {});
    const keysPage = await (await bob.get("/dashboard/keys")).text();
    const members = await (await ada.get("/dashboard/members")).text();
    const bobId = /data-member="bob@example.com">[\s\S]*?action="\/dashboard\/members\/([^/]+)\/remove"/.exec(members)?.[1] ?? "";
    expect((await ada.submit("/dashboard/members", `/dashboard/members/${bobId}/remove`, {})).headers.get("location")).toBe("/dashboard/members?notice=removed");
    const csrf = /name="csrf" value="([^"]+)"/.exec(keysPage)?.[1] ?? "";
    const stale = await bob.post("/dashboard/keys", { csrf, name: "after removal", env: "development", limit: "", window: "" });
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain("You are no longer a member of “Team”");
    const { TOKENS } = await import("../../container.ts");
    expect((await container.get(TOKENS.listKeys).execute()).map((key) => key.name)).not.toContain("after removal");
    expect((await bob.get("/dashboard/keys")).status).toBe(200);
  });
});

describe("the rough edges", () => {
  it("offers the grace as 0, 1 h, 24 h or 7 days, shows the previous secret's end to the second, and says how to install a pack", async () => {
    const { ada, clock } = await setup();
    await ada.createKey("deploy");
    const keys = await (await ada.get("/dashboard/keys")).text();
    const rotatePath = /href="(\/dashboard\/keys\/[^"]+\/rotate)"/.exec(keys)?.[1] ?? "";
    const form = await (await ada.get(rotatePath)).text();
    expect([...form.matchAll(/<option value="(\d+)"/g)].map((m) => m[1])).toEqual(["0", "3600", "86400", "604800"]);
    await ada.submit(rotatePath, rotatePath, { grace: "3600" });
    const until = new Date(clock.now() + 3_600_000).toISOString();
    expect(await (await ada.get("/dashboard/keys")).text()).toContain(`previous secret valid until <time datetime="${until}">${until.slice(0, 10)} ${until.slice(11, 19)} UTC</time>`);
    clock.advance(3_600_000);
    expect(await (await ada.get("/dashboard/keys")).text()).not.toContain("previous secret valid until");
    expect(await (await ada.get("/dashboard/marketplace")).text()).toContain("<code>TOOL_PACKS</code>");
  });
});
