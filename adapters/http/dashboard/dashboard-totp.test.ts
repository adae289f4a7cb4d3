// The dashboard's two-factor forms with JavaScript off (plain form POSTs, in process, on the harness's fixed clock):
// set up, a wrong then a right code, the recovery codes once, the sign-in's second step, its tries, turning it off.
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { createTestApp, type TestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { totpSection } from "./pages/account-totp-section.ts";
import { csrfOf, FormClient } from "./testing/form-client.ts";

const EMAIL = "ada@example.com";
const STEP_MS = 30_000;

const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: at });
const otherThan = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
const field = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? "";

async function stored(test: TestApp) {
  const account = await test.container.get(TOKENS.accountStore).findByEmail(EMAIL);
  if (!account) throw new Error("no account");
  return account;
}

/** Ada signed up, with TOTP turned on through the forms; her secret and recovery codes. */
async function adaWithTotp(test: TestApp) {
  const ada = new FormClient(test.app);
  await ada.signUp(EMAIL);
  const setup = await ada.submit("/dashboard/keys", "/dashboard/account/totp/setup", {});
  expect([setup.status, setup.headers.get("location")]).toEqual([303, "/dashboard/account#two-factor"]);
  const secret = (await stored(test)).totpPending?.secret ?? "";
  const csrf = csrfOf(await (await ada.get("/dashboard/keys")).text());
  const wrong = await ada.post("/dashboard/account/totp/enable", { csrf, code: otherThan(codeAt(secret, test.clock.now())) });
  expect(wrong.status).toBe(422);
  const retry = await wrong.text();
  expect(retry).toContain("That code is not right");
  expect(retry).toContain('<svg class="qr"');
  expect(retry).toContain(secret);
  const enabled = await ada.post("/dashboard/account/totp/enable", { csrf, code: codeAt(secret, test.clock.now()) });
  expect(enabled.status).toBe(303);
  const codesPath = enabled.headers.get("location") ?? "";
  expect(codesPath).toMatch(/^\/dashboard\/account\/totp\/recovery-codes\?f=[A-Za-z0-9_-]{22}$/);
  const codesPage = await (await ada.get(codesPath)).text();
  const recoveryCodes = (/data-recovery-codes>([^<]*)</.exec(codesPage)?.[1] ?? "").split("\n");
  expect(recoveryCodes).toHaveLength(10);
  const again = await ada.get(codesPath);
  expect([again.status, again.headers.get("location")]).toEqual([303, "/dashboard/account#two-factor"]);
  return { ada, secret, recoveryCodes, csrf };
}

/** A fresh browser's password step: the second step's page. */
async function passwordStep(test: TestApp) {
  const browser = new FormClient(test.app);
  const answer = await browser.signIn(EMAIL);
  expect(answer.status).toBe(200);
  expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("tk_session"))).toBe(false);
  const page = await answer.text();
  return { browser, page, fields: { csrf: csrfOf(page), next: field(page, "next"), mfaToken: field(page, "mfaToken") } };
}

describe("the dashboard's two-factor forms, JavaScript off", () => {
  it("shows the set-up, the codes once, and asks for a code after the password: a wrong one again, the right one signs in", async () => {
    const test = createTestApp({ tools: [hashText] });
    const { secret } = await adaWithTotp(test);
    const { browser, page, fields } = await passwordStep(test);
    expect(page).toContain("<h1>Two-factor sign-in</h1>");
    expect(page).toMatch(/<input id="code" name="code" autocomplete="one-time-code"/);
    expect(fields.mfaToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    test.clock.advance(STEP_MS);
    const wrong = await browser.post("/dashboard/sign-in/totp", { ...fields, code: otherThan(codeAt(secret, test.clock.now())) });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not right");
    const right = await browser.post("/dashboard/sign-in/totp", { ...fields, code: codeAt(secret, test.clock.now()) });
    expect([right.status, right.headers.get("location")]).toEqual([303, "/dashboard/keys"]);
    expect((await browser.get("/dashboard/keys")).status).toBe(200);
    const stale = await browser.get("/dashboard/sign-in/totp");
    expect([stale.status, stale.headers.get("location")]).toEqual([303, "/dashboard/sign-in"]);
  });

  it("after 5 wrong codes offers only a fresh sign-in (429); a forged form is refused (403)", async () => {
    const test = createTestApp({ tools: [hashText] });
    const { secret } = await adaWithTotp(test);
    const { browser, fields } = await passwordStep(test);
    const wrong = otherThan(codeAt(secret, test.clock.now() + STEP_MS));
    for (let i = 0; i < 5; i++) expect((await browser.post("/dashboard/sign-in/totp", { ...fields, code: wrong })).status).toBe(401);
    const sixth = await browser.post("/dashboard/sign-in/totp", { ...fields, code: codeAt(secret, test.clock.now() + STEP_MS) });
    expect(sixth.status).toBe(429);
    const page = await sixth.text();
    expect(page).toContain("Too many wrong codes");
    expect(page).not.toContain('action="/dashboard/sign-in/totp"');
    const forged = await browser.post("/dashboard/sign-in/totp", { ...fields, csrf: "x".repeat(43), code: "123456" }, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
  });

  it("signs in with a recovery code once, and turns off with another; a wrong code shows the form again", async () => {
    const test = createTestApp({ tools: [hashText] });
    const { ada, recoveryCodes, csrf } = await adaWithTotp(test);
    const { browser, fields } = await passwordStep(test);
    const signed = await browser.post("/dashboard/sign-in/totp", { ...fields, code: recoveryCodes[0] });
    expect(signed.status).toBe(303);
    const reused = await passwordStep(test);
    expect((await reused.browser.post("/dashboard/sign-in/totp", { ...reused.fields, code: recoveryCodes[0] })).status).toBe(401);

    const refused = await ada.post("/dashboard/account/totp/disable", { csrf, code: recoveryCodes[0] });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("That code is not right, or was already used.");
    const off = await ada.post("/dashboard/account/totp/disable", { csrf, code: recoveryCodes[1] });
    expect([off.status, off.headers.get("location")]).toEqual([303, "/dashboard/account#two-factor"]);
    expect((await stored(test)).totp).toBeUndefined();
    expect((await new FormClient(test.app).signIn(EMAIL)).status).toBe(303);
  });

  it("drops a set-up not confirmed within 15 minutes: the Account page shows two-factor off without the secret, and its code is refused (409)", async () => {
    const test = createTestApp({ tools: [hashText] });
    const ada = new FormClient(test.app);
    await ada.signUp(EMAIL);
    await ada.submit("/dashboard/keys", "/dashboard/account/totp/setup", {});
    const secret = (await stored(test)).totpPending?.secret ?? "";
    test.clock.advance(15 * 60_000 - 1);
    expect(await (await ada.get("/dashboard/account")).text()).toContain(secret);
    test.clock.advance(1);
    const page = await (await ada.get("/dashboard/account")).text();
    expect(page).toContain('data-totp="off"');
    expect(page).toContain('action="/dashboard/account/totp/setup"');
    expect(page).not.toContain(secret);
    const late = await ada.submit("/dashboard/account", "/dashboard/account/totp/enable", { code: codeAt(secret, test.clock.now()) });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("The two-factor set-up expired");
    expect((await stored(test)).totp).toBeUndefined();
  });

  it("draws each state of the Account page's section: off, the pending set-up with its QR code, on", async () => {
    const test = createTestApp({ tools: [hashText] });
    const ada = new FormClient(test.app);
    await ada.signUp(EMAIL);
    const view = async () => ({ account: await stored(test), csrf: "token.ws", publicOrigin: "http://localhost" });
    const off = totpSection(await view(), test.clock.now()).__html;
    expect(off).toContain('data-totp="off"');
    expect(off).toContain('action="/dashboard/account/totp/setup"');
    await ada.submit("/dashboard/keys", "/dashboard/account/totp/setup", {});
    const pending = totpSection(await view(), test.clock.now()).__html;
    const secret = (await stored(test)).totpPending?.secret ?? "";
    expect(pending).toContain('data-totp="pending"');
    expect(pending).toContain(`data-totp-secret aria-labelledby="totp-key-heading">${secret}</code>`);
    expect(pending).toMatch(/<svg class="qr"[^>]*role="img"/);
    expect(pending).toContain('autocomplete="one-time-code"');
    // The set-up's end, 15 minutes after it started, written to the second (independent of the page's own formatting).
    const endsAt = new Date(((await stored(test)).totpPending?.createdAt ?? Number.NaN) + 15 * 60_000).toISOString().replace("T", " ").slice(0, 19);
    expect(pending).toContain(`This set-up lasts until ${endsAt} UTC`);
    await ada.submit("/dashboard/keys", "/dashboard/account/totp/enable", { code: codeAt(secret, test.clock.now()) });
    const on = totpSection(await view(), test.clock.now()).__html;
    expect(on).toContain('data-totp="on"');
    expect(on).toContain("10 recovery codes left.");
    expect(on).toContain('action="/dashboard/account/totp/disable"');
    expect(on).not.toContain(secret);
  });
});
