import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { type Receiver, startReceiver, waitFor } from "../session/testing/webhooks.ts";
import { useServerWithBrowser } from "./testing/chromium.ts";

const PASSWORD = "correct horse battery staple";
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// The receiver listens on 127.0.0.1, which only a deployment with WEBHOOK_ALLOW_PRIVATE may target.
const e2e = useServerWithBrowser({ dataDirPrefix: "webhooks-e2e-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST), env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver?.close());

/** Reloads until the endpoint's newest delivery shows `status` (the dispatcher sends within a second or so). */
async function waitForDeliveryStatus(page: Page, status: string, rows = 1): Promise<void> {
  await waitFor(`${rows} delivery rows with status ${status}`, async () => {
    await page.reload();
    const shown = await page.locator("tr[data-delivery] [data-status]").allTextContents();
    return shown.length >= rows && shown.slice(0, rows).every((text) => text === status);
  });
}

describe("the Webhooks page in Chromium", () => {
  it("adds an endpoint on 127.0.0.1, shows its secret once, sends a test, lists the delivery, redelivers it", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/dashboard/sign-up`);
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/dashboard/keys");

    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL("**/dashboard/webhooks");
    await page.locator("#webhook-url").fill(receiver.url);
    await page.locator("#webhook-description").fill("Local receiver");
    await page.getByLabel("Only the types chosen below").check();
    await page.getByLabel("key.created").check();
    await page.getByLabel("key.revoked").check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.waitForURL(/\/dashboard\/webhooks\?f=/);
    const secret = (await page.locator("[data-secret]").textContent())?.trim() ?? "";
    expect(secret).toMatch(SECRET);
    const card = page.locator("[data-webhook]");
    expect(await card.locator("h2").textContent()).toBe(receiver.url);
    expect(await card.locator("p.subtle").first().textContent()).toContain("key.created, key.revoked");

    // Post/Redirect/Get: a reload neither shows the secret again nor adds a second endpoint.
    await page.reload();
    expect(await page.locator("[data-secret]").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    expect(await page.locator("[data-webhook]").count()).toBe(1);

    await page.getByRole("button", { name: `Send a test event to ${receiver.url}` }).click();
    await page.waitForURL("**/dashboard/webhooks?notice=test-sent");
    await waitForDeliveryStatus(page, "delivered");
    const row = page.locator("tr[data-delivery]").first();
    expect(await row.locator("code").textContent()).toBe("webhook.test");
    expect(await row.locator("td[data-label=Response]").textContent()).toBe("200");
    const received = await waitFor("the test event at the receiver", () => receiver.requests[0]);
    expect(new Webhook(secret).verify(received.body, received.headers as Record<string, string>)).toMatchObject({ type: "webhook.test" });

    // One file, replaced by each run (as the layout tests' screenshots): the check reads the bytes taken, not the file.
    const screenshot = join(tmpdir(), "dashboard-webhooks.png");
    const png = await page.screenshot({ fullPage: true });
    writeFileSync(screenshot, png);
    console.log(`webhooks page screenshot: ${screenshot} (${png.length} bytes)`);
    expect(png.length).toBeGreaterThan(PNG_SIGNATURE.length);
    expect(png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)).toBe(true);

    await row.getByRole("button", { name: /^Redeliver webhook\.test / }).click();
    await page.waitForURL("**/deliveries?notice=redelivered");
    await waitForDeliveryStatus(page, "delivered", 2);
    await waitFor("the redelivery at the receiver", () => receiver.requests[1]);
    expect(receiver.requests.map((request) => request.headers["webhook-id"])).toEqual([received.headers["webhook-id"], received.headers["webhook-id"]]);
    await context.close();
  }, 120_000);
});
