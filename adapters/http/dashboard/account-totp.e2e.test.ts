// Two-factor sign-in in Chromium: set up from the Account page's QR code (the secret read off the page, the code
// computed by otpauth), turn on, see the recovery codes once, sign out, sign in with the password and a code (with
// JavaScript off), and with a recovery code. Screenshots: the Account page during set-up and with TOTP on, the
// recovery codes, and the sign-in's second step.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { useServerWithBrowser } from "./testing/chromium.ts";

const ARTIFACTS = join(import.meta.dirname, "../../../test-artifacts");
const PASSWORD = "correct horse battery staple";
const EMAIL = "ada@example.com";

const e2e = useServerWithBrowser({ dataDirPrefix: "account-totp-e2e-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });

/** What an authenticator app shows for `secret` at `at`, computed by otpauth on its own. */
const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: at });

async function newPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
  return context.newPage();
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `dashboard-${name}.png`), fullPage: true });
}

/** The dark modules of the page's QR code, read back from its path of runs ("M x y h n v1 h-n z"). */
async function qrModules(page: Page): Promise<boolean[][]> {
  const svg = page.locator("#two-factor svg.qr");
  const size = Number(await svg.getAttribute("data-qr-size"));
  const path = (await svg.locator("path").getAttribute("d")) ?? "";
  const grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(n); i++) grid[Number(y) - 4][Number(x) - 4 + i] = true;
  }
  return grid;
}

/** The modules qrcode draws for `text` (error correction M), the reference the page's drawing must match. */
function expectedModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1));
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${e2e.server.url}/dashboard/sign-in`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("two-factor sign-in in Chromium", () => {
  it("sets up from the QR page, turns on, shows recovery codes once, then signs in with password + code (JavaScript off) and with a recovery code", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.server.url}/dashboard/sign-up`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/dashboard/keys");

    await page.goto(`${e2e.server.url}/dashboard/account`);
    await expect.poll(() => page.locator("#two-factor").getAttribute("data-totp")).toBe("off");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await page.waitForURL("**/dashboard/account#two-factor");
    expect(await page.locator("#two-factor").getAttribute("data-totp")).toBe("pending");
    const secret = ((await page.locator("[data-totp-secret]").textContent()) ?? "").trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code is the otpauth:// URL of that secret for this account, as otpauth writes it.
    const url = new TOTP({ issuer: "Tool Execution API", label: EMAIL, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).toString();
    expect(await qrModules(page)).toEqual(expectedModules(url));
    expect(await page.locator("#two-factor svg.qr").isVisible()).toBe(true);
    await page.locator("#two-factor").scrollIntoViewIfNeeded();
    await screenshot(page, "account-totp-setup");

    const enableCode = codeAt(secret, Date.now());
    await page.getByLabel("Code from the app").fill(enableCode);
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.waitForURL("**/dashboard/account/totp/recovery-codes?f=*");
    const codesPage = page.url();
    const recoveryCodes = ((await page.locator("[data-recovery-codes]").textContent()) ?? "").trim().split("\n");
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, "account-totp-recovery-codes");
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    await page.getByRole("link", { name: "I have saved them, back to Account" }).click();
    await page.waitForURL("**/dashboard/account#two-factor");
    expect(await page.locator("#two-factor").getAttribute("data-totp")).toBe("on");
    expect(await page.locator("#two-factor").textContent()).toContain("10 recovery codes left.");
    await screenshot(page, "account-totp-on");
    // Shown once: the same address now leads back to the Account page.
    await page.goto(codesPage);
    await page.waitForURL("**/dashboard/account#two-factor");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/dashboard/sign-in");
    await page.context().close();

    const plain = await newPage(e2e.browser, false);
    await signIn(plain);
    await expect.poll(() => plain.getByRole("heading", { name: "Two-factor sign-in" }).count()).toBe(1);
    expect(await plain.getByLabel("Authentication code").getAttribute("autocomplete")).toBe("one-time-code");
    await screenshot(plain, "sign-in-totp");
    // The code that turned it on was used: refused, and the step is shown again with the error.
    await plain.getByLabel("Authentication code").fill(enableCode);
    await plain.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => plain.getByRole("alert").textContent()).toContain("That code is not right");
    await plain.getByLabel("Authentication code").fill(codeAt(secret, Date.now() + 30_000));
    await plain.getByRole("button", { name: "Verify" }).click();
    await plain.waitForURL("**/dashboard/keys");
    await plain.getByRole("button", { name: "Sign out" }).click();
    await plain.waitForURL("**/dashboard/sign-in");

    await signIn(plain);
    await plain.getByLabel("Authentication code").fill(recoveryCodes[0]);
    await plain.getByRole("button", { name: "Verify" }).click();
    await plain.waitForURL("**/dashboard/keys");
    await plain.goto(`${e2e.server.url}/dashboard/account`);
    expect(await plain.locator("#two-factor").textContent()).toContain("9 recovery codes left.");
    await plain.context().close();
  }, 120_000);
});
