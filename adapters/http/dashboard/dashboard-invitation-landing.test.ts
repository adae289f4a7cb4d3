import { describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { FormClient } from "./testing/form-client.ts";

/** Ada's shared workspace "Platform team" and the path of a link inviting bob@example.com to it as admin. */
async function invitation() {
  const test = createTestApp({ tools: [hashText] });
  const ada = new FormClient(test.app);
  await ada.signUp("ada@example.com");
  await ada.submit("/dashboard/workspaces", "/dashboard/workspaces", { name: "Platform team" });
  const created = await ada.submit("/dashboard/members", "/dashboard/members/invite", { email: "bob@example.com", role: "admin" });
  const link = /data-accept-url>([^<]+)</.exec(await (await ada.get(created.headers.get("location") ?? "")).text())?.[1] ?? "";
  return { ...test, path: new URL(link).pathname };
}

const NOTE = "<strong>ada@example.com</strong> invited <strong>bob@example.com</strong> to join the workspace <strong>Platform team</strong> as admin.";

describe("following an invitation link without a session", () => {
  it("lands on a sign-in page that says which workspace invited whom, by whom, with the invited email filled in", async () => {
    const { app, path } = await invitation();
    const visitor = new FormClient(app);
    const redirect = await visitor.get(path);
    expect(redirect.status).toBe(303);
    const signIn = redirect.headers.get("location") ?? "";
    expect(signIn).toBe(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
    const page = await (await visitor.get(signIn)).text();
    expect(page).toContain(NOTE);
    expect(page).toContain("Sign in as <strong>bob@example.com</strong> to accept");
    expect(page).toMatch(/<input id="email" name="email" type="email"[^>]* value="bob@example.com"/);
  });

  it("says the same on the sign-up page the sign-in page links to, and again when a sign-up is refused", async () => {
    const { app, path } = await invitation();
    const visitor = new FormClient(app);
    const signUpPath = `/dashboard/sign-up?next=${encodeURIComponent(path)}`;
    const page = await (await visitor.get(`/dashboard/sign-in?next=${encodeURIComponent(path)}`)).text();
    expect(page).toContain(`href="${signUpPath}"`);
    const signUp = await (await visitor.get(signUpPath)).text();
    expect(signUp).toContain(NOTE);
    expect(signUp).toContain("Create an account as <strong>bob@example.com</strong> to accept");
    const refused = await visitor.submit(signUpPath, "/dashboard/sign-up", { email: "bob@example.com", password: "short", next: path });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(NOTE);
  });

  it("shows the plain sign-in page for a link that does not work (unknown, or not an invitation)", async () => {
    const { app } = await invitation();
    const visitor = new FormClient(app);
    for (const next of ["/dashboard/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/dashboard/invitations/..%2Fkeys", "/dashboard/keys"]) {
      const page = await (await visitor.get(`/dashboard/sign-in?next=${encodeURIComponent(next)}`)).text();
      expect(page).not.toContain("data-invitation-note");
      expect(page).toContain("Manage the API keys of your workspaces.");
    }
  });
});
