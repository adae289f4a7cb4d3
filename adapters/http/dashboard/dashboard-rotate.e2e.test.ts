import { describe, expect, it } from "vitest";
import { useServerWithBrowser } from "./testing/chromium.ts";

const PASSWORD = "correct horse battery staple";
const e2e = useServerWithBrowser({ dataDirPrefix: "dashboard-rotate-e2e-" });

async function executeWith(secret: string): Promise<Response> {
  return fetch(`${e2e.server.url}/api/v1/execute/hash-text`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": secret },
    body: JSON.stringify({ input: { algorithm: "sha256", text: "abc" } }),
  });
}

describe("rotating a key in Chromium", () => {
  it("rotates without grace (the form offers 0, 1 h, 24 h, 7 days), copies the new secret, and sees the old one stop working", async () => {
    const context = await e2e.browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${e2e.server.url}/dashboard/sign-up`);
    await page.getByLabel("Email").fill("rotator@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/dashboard/keys");
    await page.getByLabel("Name").fill("deploy bot");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.waitForURL("**/dashboard/keys/created?f=*");
    const oldSecret = (await page.locator("[data-secret]").textContent())?.trim() ?? "";
    await page.getByRole("link", { name: /back to keys/ }).click();

    await page.getByRole("link", { name: "Rotate deploy bot" }).click();
    expect(await page.locator("#grace option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual(["0", "3600", "86400", "604800"]);
    await page.getByLabel("How long the old secret keeps working").selectOption("0");
    await page.getByRole("button", { name: "Rotate key" }).click();
    await page.waitForURL("**/dashboard/keys/created?f=*");
    expect(await page.locator("h1").textContent()).toBe("Key rotated");
    const newSecret = (await page.locator("[data-secret]").textContent())?.trim() ?? "";
    expect(newSecret).toMatch(/^tk_dev_[0-9A-Za-z]{38}$/);
    expect(newSecret).not.toBe(oldSecret);
    await page.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => page.locator("[data-copy]").textContent()).toBe("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(newSecret);

    expect((await executeWith(copied)).status).toBe(200);
    // The old secret stops at once (no grace) plus the 500 ms lookup cache; polled generously for a loaded machine.
    await expect.poll(async () => (await executeWith(oldSecret)).status, { timeout: 8000, interval: 200 }).toBe(401);
    const bogus = await (await executeWith("tk_dev_0000000000000000000000000000000000000")).text();
    expect(await (await executeWith(oldSecret)).text()).toBe(bogus);
    expect((await executeWith(copied)).status).toBe(200);
    expect(cspViolations).toEqual([]);
    await context.close();
  }, 120_000);
});
