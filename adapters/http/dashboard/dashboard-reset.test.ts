// The forgot-password, reset and verify pages over real HTTP with plain forms (JavaScript off): Post/Redirect/Get,
// the reset link's page not spending the link (mail scanners fetch links), and the email read where a deployment
// without SMTP_URL writes it: one log line per email.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { freshEmail } from "../../testing/fresh-email.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { FormClient, overHttp } from "./testing/form-client.ts";
import { useRealServer } from "./testing/real-server.ts";

const PUBLIC_URL = "https://tools.example.com";
const NEW_PASSWORD = "violet kettle marching lantern";
const ARRIVAL = { timeout: 30_000, interval: 100 };

const lines: string[] = [];
const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
const running = useRealServer({
  dataDirPrefix: "dashboard-reset-", env: { PUBLIC_URL }, logger: createLogger("info", sink), passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
});

/** The path of the one link under `path` in the emails logged to `to` (polling until `count` arrived). */
async function linkPath(to: string, path: string, count = 1): Promise<string> {
  const links = () => lines.flatMap((chunk) => chunk.split("\n")).filter((line) => line.includes('"msg":"email"'))
    .map((line) => JSON.parse(line) as { to: string; text: string }).filter((email) => email.to === to)
    .flatMap((email) => email.text.match(/https?:\/\/\S+/g) ?? []).filter((link) => link.includes(path));
  await expect.poll(() => links().length, ARRIVAL).toBeGreaterThanOrEqual(count);
  const link = links()[count - 1];
  expect(link.startsWith(`${PUBLIC_URL}/dashboard/`)).toBe(true);
  return new URL(link).pathname;
}

describe("the dashboard's password reset and email verification pages", () => {
  it("forgot → email → reset page (twice, not spent) → new password → sign in with it; the old session is gone", async () => {
    const base = running.server.url;
    const email = freshEmail("ada");
    const ada = new FormClient(overHttp(base), base);
    expect((await ada.signUp(email)).status).toBe(303);
    const oldSession = new FormClient(overHttp(base), base);
    expect((await oldSession.signIn(email)).headers.get("location")).toBe("/dashboard/keys");
    const signInPage = await (await new FormClient(overHttp(base), base).get("/dashboard/sign-in")).text();
    expect(signInPage).toContain('href="/dashboard/forgot-password"');

    const visitor = new FormClient(overHttp(base), base);
    const asked = await visitor.submit("/dashboard/forgot-password", "/dashboard/forgot-password", { email });
    expect([asked.status, asked.headers.get("location")]).toEqual([303, "/dashboard/forgot-password?sent=1"]);
    expect(await (await visitor.get("/dashboard/forgot-password?sent=1")).text()).toContain("data-reset-sent");
    const resetPath = await linkPath(email, "/dashboard/reset-password/");

    for (let i = 0; i < 2; i++) {
      const page = await visitor.get(resetPath);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`action="${resetPath}"`);
    }
    const weak = await visitor.submit(resetPath, resetPath, { password: "password1234" });
    expect(weak.status).toBe(422);
    expect(await weak.text()).toContain("too easy to guess");
    const done = await visitor.submit(resetPath, resetPath, { password: NEW_PASSWORD });
    expect([done.status, done.headers.get("location")]).toEqual([303, "/dashboard/sign-in?notice=password-reset"]);
    expect(await (await visitor.get("/dashboard/sign-in?notice=password-reset")).text()).toContain("Your password was reset");
    expect((await visitor.submit(resetPath, resetPath, { password: `${NEW_PASSWORD} again` })).status).toBe(404);

    expect((await oldSession.get("/dashboard/keys")).status).toBe(303);
    expect((await visitor.signIn(email)).status).toBe(401);
    expect((await visitor.signIn(email, NEW_PASSWORD)).headers.get("location")).toBe("/dashboard/keys");
  });

  it("verifies the email with a button on the link's page (a GET changes nothing), and sends a new link from the Account page's form", async () => {
    const base = running.server.url;
    const email = freshEmail("grace");
    const grace = new FormClient(overHttp(base), base);
    await grace.signUp(email);
    const members = await (await grace.get("/dashboard/members")).text();
    expect(members).toContain('data-email-verified="no"');

    const keys = await (await grace.get("/dashboard/keys")).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(keys)?.[1] ?? "";
    const sent = await grace.post("/dashboard/account/verify-email", { csrf });
    expect([sent.status, sent.headers.get("location")]).toEqual([303, "/dashboard/verify-email?state=sent"]);
    const verifyPath = await linkPath(email, "/dashboard/verify-email/", 2);

    const scanner = new FormClient(overHttp(base), base);
    expect(await (await scanner.get(verifyPath)).text()).toContain("Confirm my email");
    expect(await (await grace.get("/dashboard/members")).text()).toContain('data-email-verified="no"');
    const confirmed = await scanner.submit(verifyPath, verifyPath, {});
    expect([confirmed.status, confirmed.headers.get("location")]).toEqual([303, "/dashboard/verify-email?state=done"]);
    expect(await (await grace.get("/dashboard/members")).text()).toContain('data-email-verified="yes"');
    expect((await scanner.submit(verifyPath, verifyPath, {})).status).toBe(404);
  });
});
