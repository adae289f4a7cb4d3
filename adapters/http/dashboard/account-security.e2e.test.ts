// The Account security page in Chromium (JavaScript on): a second browser's session is listed with its user agent and
// ended from the table, then the account is deleted through the confirmation step. Screenshots: the page with two
// sessions, and the deletion's confirmation.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { useServerWithBrowser } from "./testing/chromium.ts";

const ARTIFACTS = join(import.meta.dirname, "../../../test-artifacts");
const PASSWORD = "correct horse battery staple";
const EMAIL = "grace@example.com";

const e2e = useServerWithBrowser({ dataDirPrefix: "account-security-e2e-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });

async function newPage(browser: Browser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent });
  return context.newPage();
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `dashboard-${name}.png`), fullPage: true });
}

async function enter(page: Page, path: "sign-up" | "sign-in"): Promise<void> {
  await page.goto(`${e2e.server.url}/dashboard/${path}`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.locator("main").getByRole("button", { name: path === "sign-up" ? "Create account" : "Sign in", exact: true }).click();
  await page.waitForURL(/\/dashboard\/keys/);
}

describe("the Account security page in Chromium", () => {
  it("ends another browser's session from the table, then deletes the account after the password", async () => {
    const desk = await newPage(e2e.browser, "Desk browser/1.0");
    const phone = await newPage(e2e.browser, "Phone browser/2.0");
    await enter(desk, "sign-up");
    await enter(phone, "sign-in");
    await desk.locator("a.account-email").click();
    await desk.waitForURL(/\/dashboard\/account$/);
    const rows = desk.locator("#sessions tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain("Phone browser/2.0");
    expect(await rows.nth(1).textContent()).toContain("this session");
    await screenshot(desk, "account-sessions");
    await desk.getByRole("button", { name: /^End the session of Phone browser\/2\.0/ }).click();
    await desk.waitForURL(/notice=session-ended/);
    expect(await desk.locator("[data-notice]").textContent()).toContain("that browser is signed out");
    await expect.poll(() => rows.count()).toBe(1);
    await phone.goto(`${e2e.server.url}/dashboard/account`);
    expect(new URL(phone.url()).pathname).toBe("/dashboard/sign-in");

    await desk.getByRole("link", { name: "Delete account…" }).click();
    await desk.getByLabel("Your password, to confirm").fill("not the password at all");
    await desk.getByRole("button", { name: "Delete my account" }).click();
    expect(await desk.locator("#delete-password-error").textContent()).toBe("This is not your password.");
    await screenshot(desk, "account-delete");
    await desk.getByLabel("Your password, to confirm").fill(PASSWORD);
    await desk.getByRole("button", { name: "Delete my account" }).click();
    await desk.waitForURL(/\/dashboard\/sign-in\?notice=account-deleted/);
    expect(await desk.locator("[data-notice]").textContent()).toContain("Your account was deleted");
    await desk.goto(`${e2e.server.url}/dashboard/account`);
    expect(new URL(desk.url()).pathname).toBe("/dashboard/sign-in");
    await enter(desk, "sign-up");
  }, 60_000);
});
