import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { useServerWithBrowser } from "./testing/chromium.ts";

const PASSWORD = "correct horse battery staple";
const e2e = useServerWithBrowser({ dataDirPrefix: "rough-edges-e2e-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });

/** A full-page PNG under the OS temp dir, checked non-empty; its path is printed. */
async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(tmpdir(), `dashboard-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(png.length).toBeGreaterThan(1000);
  console.log(`screenshot: ${path}`);
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function personAt(width: number): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

describe("the Members page and an invitation link, in Chromium", () => {
  it("gives the invitation button room around its text, offers no Leave to the last owner, and names the invitation on the sign-in page", async () => {
    const owner = await personAt(1280);
    await owner.goto(`${e2e.server.url}/dashboard/sign-up`);
    await signUp(owner, "ada@example.com");
    await owner.waitForURL("**/dashboard/keys");
    await owner.goto(`${e2e.server.url}/dashboard/workspaces`);
    await owner.locator("#new-workspace").fill("Platform team");
    await owner.getByRole("button", { name: "Create workspace" }).click();
    await owner.waitForURL("**/dashboard/keys?notice=workspace-created");
    await owner.getByRole("link", { name: "Members" }).click();

    const button = owner.getByRole("button", { name: "Create invitation link" });
    const room = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      const range = document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return { paddingLeft: parseFloat(style.paddingLeft), paddingRight: parseFloat(style.paddingRight), left: text.left - box.left, right: box.right - text.right, clipped: element.scrollWidth > element.clientWidth };
    });
    expect(room.clipped).toBe(false);
    expect(Math.min(room.paddingLeft, room.paddingRight)).toBeGreaterThanOrEqual(12);
    expect(Math.min(room.left, room.right)).toBeGreaterThanOrEqual(12);

    expect(await owner.getByRole("button", { name: /^Leave / }).count()).toBe(0);
    expect(await owner.locator("[data-only-owner]").isVisible()).toBe(true);

    await owner.locator("#invite-email").fill("bob@example.com");
    await owner.getByRole("button", { name: "Create invitation link" }).click();
    const link = (await owner.locator("[data-accept-url]").textContent())?.trim() ?? "";
    await screenshot(owner, "members-1280");

    const bob = await personAt(390);
    await bob.goto(link);
    await bob.waitForURL("**/dashboard/sign-in?next=*");
    const note = bob.locator("[data-invitation-note]");
    expect(await note.innerText()).toContain("ada@example.com invited bob@example.com to join the workspace Platform team as member.");
    expect(await bob.getByLabel("Email").inputValue()).toBe("bob@example.com");
    await screenshot(bob, "invitation-sign-in-390");
    await bob.getByRole("link", { name: "Create an account" }).click();
    expect(await bob.locator("[data-invitation-note]").innerText()).toContain("Platform team");
    await signUp(bob, "bob@example.com");
    await bob.waitForURL(link);
    await bob.getByRole("button", { name: "Accept and join" }).click();
    await bob.waitForURL("**/dashboard/keys?notice=joined");
    await owner.goto(`${e2e.server.url}/dashboard/members`);
    expect(await owner.getByRole("button", { name: "Remove bob@example.com" }).count()).toBe(1);
    await owner.context().close();
    await bob.context().close();
  }, 120_000);
});

describe("the usage charts' legend, in Chromium", () => {
  it("names the series without placeholder values until a point is hovered, then shows its UTC time, counts and latencies in ms", async () => {
    const page = await personAt(1280);
    await page.goto(`${e2e.server.url}/dashboard/sign-up`);
    await signUp(page, "usage@example.com");
    await page.waitForURL("**/dashboard/keys");
    await page.locator("#key-name").fill("usage");
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = (await page.locator("[data-secret]").textContent())?.trim() ?? "";
    for (const text of ["a", "b", "c"]) {
      const response = await fetch(`${e2e.server.url}/api/v1/execute/hash-text`, {
        method: "POST", headers: { "content-type": "application/json", "x-api-key": secret }, body: JSON.stringify({ input: { algorithm: "sha256", text } }),
      });
      expect(response.status).toBe(200);
    }
    await e2e.server.container.get(TOKENS.recordUsage).flush();
    await page.goto(`${e2e.server.url}/dashboard/usage?range=1h`);
    await expect.poll(() => page.locator("#usage-charts").getAttribute("data-drawn")).toBe("2");

    const legends = page.locator(".u-legend");
    for (const text of await legends.allInnerTexts()) {
      expect(text).not.toContain("--");
      expect(text).not.toMatch(/TIME/);
    }
    expect(await legends.first().locator("th:visible").allInnerTexts()).toEqual(["Success", "Client errors", "Rate limited", "Server errors"]);
    expect(await legends.locator("td.u-value:visible").count()).toBe(0);
    expect(await page.locator(".u-legend th").first().evaluate((cell) => getComputedStyle(cell).textTransform)).toBe("none");

    const latency = page.locator(".u-over").nth(1);
    const box = await latency.boundingBox();
    if (!box) throw new Error("no latency chart");
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect.poll(() => legends.nth(1).locator("td.u-value:visible").count()).toBe(3);
    expect(await legends.nth(1).locator("th:visible").allInnerTexts()).toEqual(["Time", "p50", "p95"]);
    const [time, p50, p95] = await legends.nth(1).locator("td.u-value:visible").allInnerTexts();
    expect(time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    for (const value of [p50, p95]) expect(value).toMatch(/^\d+\.\d\d ms$/);
    expect(await page.locator("#usage-totals td[data-latency]").allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+\.\d\d ms$/)]));
    await screenshot(page, "usage-1280");
    await page.context().close();
  }, 120_000);
});
