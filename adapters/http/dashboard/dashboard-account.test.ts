// The Account security page with JavaScript off, over real HTTP: every section is there, and the password change,
// ending a session and deleting the account work as plain forms (Post/Redirect/Get).
import { describe, expect, it } from "vitest";
import { personalWorkspaceOf } from "../../../application/account-changes.ts";
import { TOKENS } from "../../container.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { currentKeyStatus, makeRaceKey } from "../../testing/key-races.ts";
import { csrfOf, FormClient, overHttp, PASSWORD } from "./testing/form-client.ts";
import { useRealServer } from "./testing/real-server.ts";

const NEW_PASSWORD = "violet kettle marching lantern";
const running = useRealServer({ dataDirPrefix: "dashboard-account-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
const client = () => new FormClient(overHttp(running.server.url), running.server.url);
const fresh = (label: string) => `${label}-${Math.random().toString(36).slice(2)}@example.com`;
const page = async (browser: FormClient, path = "/dashboard/account") => {
  const response = await browser.get(path);
  expect(response.status).toBe(200);
  return response.text();
};
/** Whether the browser is still signed in: the Account page answers, or redirects to sign-in. */
const signedIn = async (browser: FormClient) => (await browser.get("/dashboard/account")).status === 200;

describe("the Account security page (no JavaScript)", () => {
  it("stacks email, password, two-factor, passkeys, sessions and delete, and is linked from the top bar (the email there)", async () => {
    const ada = client();
    await ada.signUp(fresh("page"));
    const html = await page(ada);
    const order = ['id="email"', 'id="password"', 'id="two-factor"', 'id="passkeys"', 'id="sessions"', 'id="delete-account"'].map((id) => html.indexOf(id));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toMatch(/<a class="account-email" href="\/dashboard\/account" title="Account security: [^"]+" aria-current="page">/);
    expect(html).toMatch(/<label for="current-password">Current password<\/label>/);
    expect(html).toMatch(/<label for="new-password">New password/);
    expect(await page(ada, "/dashboard/keys")).toMatch(/<a class="account-email" href="\/dashboard\/account" title="Account security: [^"]+">/);
  });

  it("changes the password: the other browser is signed out, this one stays, and refusals are shown in place", async () => {
    const email = fresh("password");
    const mine = client();
    await mine.signUp(email);
    const other = client();
    expect((await other.signIn(email)).status).toBe(303);
    const wrong = await mine.submit("/dashboard/account", "/dashboard/account/password", { currentPassword: "not the password at all", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toMatch(/aria-invalid="true" aria-describedby="current-password-error"/);
    const weak = await mine.submit("/dashboard/account", "/dashboard/account/password", { currentPassword: PASSWORD, newPassword: "password1234" });
    expect(weak.status).toBe(422);
    expect(await weak.text()).toMatch(/id="new-password-error">The new password is too easy to guess/);
    expect(await signedIn(other)).toBe(true);
    const changed = await mine.submit("/dashboard/account", "/dashboard/account/password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect([changed.status, changed.headers.get("location")]).toEqual([303, "/dashboard/account?notice=password-changed#password"]);
    expect(await page(mine, changed.headers.get("location") ?? "")).toContain("Your password was changed.");
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(mine)).toBe(true);
  });

  it("lists the sessions and ends one, then every other one, from the table", async () => {
    const email = fresh("sessions");
    const mine = client();
    await mine.signUp(email);
    const [second, third] = [client(), client()];
    await second.signIn(email);
    await third.signIn(email);
    const html = await page(mine);
    const rows = [...html.matchAll(/<tr data-session="(ses_[a-f0-9]+)"( data-current-session)?>/g)];
    expect(rows.map((row) => Boolean(row[2]))).toEqual([false, false, true]);
    expect(html).toContain("this session");
    expect(html).toContain("End all other sessions (2)");
    // The newest is the third browser's.
    const ended = await mine.post(`/dashboard/account/sessions/${rows[0][1]}/end`, { csrf: csrfOf(html) });
    expect([ended.status, ended.headers.get("location")]).toEqual([303, "/dashboard/account?notice=session-ended#sessions"]);
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(second)).toBe(true);
    const again = await mine.post(`/dashboard/account/sessions/${rows[0][1]}/end`, { csrf: csrfOf(html) });
    expect(again.status).toBe(404);
    const all = await mine.submit("/dashboard/account", "/dashboard/account/sessions/end-others", {});
    expect(all.headers.get("location")).toBe("/dashboard/account?notice=sessions-ended#sessions");
    expect(await signedIn(second)).toBe(false);
    const after = await page(mine, all.headers.get("location") ?? "");
    expect(after.match(/<tr data-session=/g)).toHaveLength(1);
    expect(after).not.toContain("End all other sessions");
  });

  it("deletes the account after the password is confirmed, refusing the last owner of a shared workspace first", async () => {
    const email = fresh("delete");
    const ada = client();
    await ada.signUp(email);
    const { container } = running.server;
    const account = await container.get(TOKENS.accountStore).findByEmail(email);
    const personal = await personalWorkspaceOf(container.get(TOKENS.workspaceStore), account?.id ?? "");
    const key = await makeRaceKey(running.server, { cookie: "", csrf: "", accountId: account?.id ?? "", workspaceId: personal?.id ?? "" });
    expect(await page(ada)).toContain('href="/dashboard/account/delete"');
    const confirm = await page(ada, "/dashboard/account/delete");
    expect(confirm).toMatch(/<label for="delete-password">/);
    const wrong = await ada.post("/dashboard/account/delete", { csrf: csrfOf(confirm), password: "not the password at all" });
    expect(wrong.status).toBe(401);
    await ada.submit("/dashboard/workspaces", "/dashboard/workspaces", { name: "Team" });
    const refused = await ada.submit("/dashboard/account/delete", "/dashboard/account/delete", { password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("data-delete-refused>Not deleted. You are the last owner of the workspace &#39;Team&#39;");
    expect(await currentKeyStatus(running.server.url, key.secret)).toBe(200);

    const bob = client();
    const bobEmail = fresh("bob");
    await bob.signUp(bobEmail);
    const bobAccount = await container.get(TOKENS.accountStore).findByEmail(bobEmail);
    const bobPersonal = await personalWorkspaceOf(container.get(TOKENS.workspaceStore), bobAccount?.id ?? "");
    const bobKey = await makeRaceKey(running.server, { cookie: "", csrf: "", accountId: bobAccount?.id ?? "", workspaceId: bobPersonal?.id ?? "" });
    const deleted = await bob.submit("/dashboard/account/delete", "/dashboard/account/delete", { password: PASSWORD });
    expect([deleted.status, deleted.headers.get("location")]).toEqual([303, "/dashboard/sign-in?notice=account-deleted"]);
    expect(await page(bob, "/dashboard/sign-in?notice=account-deleted")).toContain("Your account was deleted");
    expect(await currentKeyStatus(running.server.url, bobKey.secret)).toBe(401);
    expect(await signedIn(bob)).toBe(false);
    expect((await client().signUp(bobEmail)).status).toBe(303);
  });
});
