import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useServerWithBrowser } from "./testing/chromium.ts";

const ARTIFACTS = join(import.meta.dirname, "../../../test-artifacts");
const EMAIL = "ada@example.com";
const PASSWORD = "correct horse battery staple";

const e2e = useServerWithBrowser({ dataDirPrefix: "dashboard-e2e-" });

/** What a script holding the key gets from the API. */
async function executeWith(secret: string): Promise<number> {
  const response = await fetch(`${e2e.server.url}/api/v1/execute/hash-text`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": secret },
    body: JSON.stringify({ input: { algorithm: "sha256", text: "abc" } }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function signUpAndIn(page: Page): Promise<void> {
  await page.goto(`${e2e.server.url}/dashboard/keys`);
  expect(new URL(page.url()).pathname).toBe("/dashboard/sign-in");
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard/keys");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/dashboard/sign-in");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/dashboard/keys");
}

describe("the dashboard in Chromium", () => {
  it("signs up, signs in, creates a key whose secret works once shown, never shows it again, and revokes it", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await signUpAndIn(page);

    await page.getByLabel("Name").fill("billing-service prod");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.waitForURL("**/dashboard/keys/created?f=*");
    const secret = (await page.locator("[data-secret]").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^tk_dev_[0-9A-Za-z]{38}$/);
    await page.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => page.locator("[data-copy]").textContent()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await executeWith(secret)).toBe(200);

    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/dashboard/keys");
    expect(await page.content()).not.toContain(secret);
    await page.goBack();
    expect(await page.content()).not.toContain(secret);
    await page.goto(`${e2e.server.url}/dashboard/keys`);
    expect(await page.content()).not.toContain(secret);

    await page.getByLabel("Name").fill("ci runner");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("link", { name: /back to keys/ }).click();

    await page.getByRole("link", { name: "Revoke billing-service prod" }).click();
    await page.getByRole("button", { name: "Revoke key" }).click();
    await page.waitForURL("**/dashboard/keys?revoked=*");
    await expect.poll(() => page.locator("tr.revoked").count()).toBe(1);
    expect(await page.locator("tr.revoked .name").textContent()).toBe("billing-service prod");
    expect(await executeWith(secret)).toBe(401);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-keys.png"), fullPage: true });
    expect(cspViolations).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows a key named like a script as text and runs nothing", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    let dialogs = 0;
    page.on("dialog", async (dialog) => {
      dialogs++;
      await dialog.dismiss();
    });
    await page.goto(`${e2e.server.url}/dashboard/sign-in`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/dashboard/keys");
    await page.getByLabel("Name").fill("<script>alert(1)</script>");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("link", { name: /back to keys/ }).click();
    expect(await page.locator("td.name", { hasText: "<script>alert(1)</script>" }).count()).toBe(1);
    expect(dialogs).toBe(0);
    await context.close();
  }, 120_000);
});
