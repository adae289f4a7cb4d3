import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { freshEmail } from "../../testing/fresh-email.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { useServerWithBrowser } from "./testing/chromium.ts";

// The passkey ceremony in a real browser: Chromium's virtual authenticator (DevTools protocol, WebAuthn domain) plays
// a platform authenticator with user verification, through the dashboard's own script and @simplewebauthn/browser.

const PASSWORD = "correct horse battery staple";
// Passkeys need a domain: the server listens on 127.0.0.1 and calls itself localhost (PUBLIC_URL's port 0 becomes its own).
const e2e = useServerWithBrowser({ dataDirPrefix: "passkeys-e2e-", env: { PUBLIC_URL: "http://localhost:0" }, passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
const origin = () => e2e.server.url.replace("127.0.0.1", "localhost");

async function withAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(tmpdir(), `dashboard-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  expect(readFileSync(path).subarray(1, 4).toString("latin1")).toBe("PNG");
  console.log(`screenshot: ${path}`);
}

describe("passkeys in Chromium", () => {
  it("registers a passkey on the Account page, signs out, and signs in with it from the sign-in page", async () => {
    const page = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const { cdp, authenticatorId } = await withAuthenticator(page);
    const email = freshEmail("passkey-e2e");
    await page.goto(`${origin()}/dashboard/sign-up`);
    await page.locator("#email").fill(email);
    await page.locator("#password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/dashboard/keys");

    await page.goto(`${origin()}/dashboard/account`);
    await page.locator("[data-passkey-name]").fill("Laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const row = page.locator("tr[data-passkey]");
    await row.waitFor();
    expect(await row.locator("td").first().textContent()).toBe("Laptop");
    expect((await row.locator("[data-passkey-last-used]").textContent())?.trim()).toBe("Never");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    await screenshot(page, "account-passkeys");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/dashboard/sign-in**");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL("**/dashboard/keys");
    expect(await page.locator(".account-email").textContent()).toBe(email);

    const after = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials[0];
    const account = await e2e.server.container.get(TOKENS.accountStore).findByEmail(email);
    const stored = account?.passkeys?.[0];
    expect(stored?.id).toBe(Buffer.from(after.credentialId, "base64").toString("base64url"));
    expect(stored?.counter).toBe(after.signCount);
    expect(stored?.lastUsedAt).toBeGreaterThan(stored!.createdAt - 1);
    await page.goto(`${origin()}/dashboard/account`);
    expect((await page.locator("[data-passkey-last-used]").textContent())?.trim()).not.toBe("Never");

    // Without JavaScript: no Add (it cannot work, and says so), but Delete is a plain form.
    const noJs = await (await e2e.browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })).newPage();
    await noJs.goto(`${origin()}/dashboard/account`);
    expect(await noJs.locator("[data-passkey-add]").isVisible()).toBe(false);
    await noJs.getByRole("button", { name: "Delete passkey Laptop" }).click();
    await noJs.waitForURL("**/dashboard/account**");
    expect(await noJs.locator("tr[data-passkey]").count()).toBe(0);
    expect(await e2e.server.container.get(TOKENS.accountStore).findByEmail(email).then((one) => one?.passkeys)).toEqual([]);
    await noJs.context().close();
  }, 60_000);
});
