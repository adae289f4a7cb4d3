import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { useServerWithBrowser } from "./testing/chromium.ts";

const PASSWORD = "correct horse battery staple";
const LONG_NAME = "billing prod eu-west-1 nightly-invoice-exporter-and-reconciler";
/** The widest row this page can be given: a 64-character name without a break and the longest limit text. */
const LONG_WORD = "W".repeat(64);
const KEYS = [LONG_NAME, LONG_WORD, "scoped", "ci"];
const e2e = useServerWithBrowser({ dataDirPrefix: "layout-e2e-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

/** A full-page PNG under the OS temp dir, checked non-empty; its path is printed for whoever reviews the layout. */
async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(tmpdir(), `dashboard-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(png.length).toBeGreaterThan(1000);
  console.log(`screenshot: ${path}`);
}

async function pageAt(width: number, height: number): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width, height }, storageState: session });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/dashboard/keys`);
  return page;
}

/** Creates a key in the form; for "scoped": 30 days, two tools found with the filter, 5 a minute. Returns its secret. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.locator("#key-name").fill(name);
  if (name === LONG_WORD) {
    await page.locator("#key-limit").fill("1000000000");
    await page.locator("#key-window").fill("3599");
  }
  if (name === "scoped") {
    await page.locator("#key-expires").selectOption("30");
    await page.locator("[data-scope-picker] summary").click();
    for (const [filter, tool] of [["hash", "hash-text"], ["base64", "base64-encode"]]) {
      await page.getByLabel("Filter tools").fill(filter);
      await page.getByRole("checkbox", { name: tool }).check();
    }
    expect(await page.locator("[data-scope-count]").textContent()).toBe("2 tools");
    await page.locator("#key-limit").fill("5");
  }
  await page.getByRole("button", { name: "Create key" }).click();
  await page.waitForURL("**/dashboard/keys/created?f=*");
  const secret = (await page.locator("[data-secret]").textContent())?.trim() ?? "";
  await page.getByRole("link", { name: /back to keys/ }).click();
  return secret;
}

async function api(path: string, secret: string, body?: unknown) {
  const init = body === undefined ? {} : { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "x-api-key": secret } };
  const response = await fetch(`${e2e.server.url}${path}`, { headers: { "x-api-key": secret }, ...init });
  return { status: response.status, json: await response.json() };
}

beforeAll(async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/dashboard/sign-up`);
  await page.getByLabel("Email").fill("layout@example.com");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard/keys");
  // A second workspace brings the switcher into the header, where the header used to wrap.
  await page.goto(`${e2e.server.url}/dashboard/workspaces`);
  await page.locator("#new-workspace").fill("Platform team");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await page.waitForURL("**/dashboard/keys?notice=workspace-created");
  const secrets = new Map<string, string>();
  for (const name of KEYS) secrets.set(name, await createKey(page, name));
  // A rotation's grace line makes the status cell its widest.
  await page.getByRole("link", { name: "Rotate ci" }).click();
  await page.getByRole("button", { name: "Rotate key" }).click();
  await page.getByRole("link", { name: /back to keys/ }).click();
  session = await context.storageState();
  await context.close();

  const secret = secrets.get("scoped") ?? "";
  const key = (await api("/api/v1/keys/current", secret)).json.data.key;
  expect(key).toMatchObject({ limit: 5, scopes: { tools: ["hash-text", "base64-encode"], categories: [] } });
  expect(Date.parse(key.expiresAt) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  expect(await api("/api/v1/execute/url-encode", secret, { input: { text: "a b" } })).toMatchObject({ status: 403, json: { error_code: "forbidden_tool" } });
}, 180_000);

/** Each key's Edit, Rotate and Revoke links, scrolled into view (vertically) one row at a time. */
async function eachAction(page: Page, check: (action: Locator, name: string) => Promise<void>): Promise<void> {
  for (const name of KEYS) {
    for (const verb of ["Edit", "Rotate", "Revoke"]) {
      const action = page.getByRole("link", { name: `${verb} ${name}`, exact: true });
      await action.scrollIntoViewIfNeeded();
      await check(action, `${verb} ${name}`);
    }
  }
}

describe("the keys page at desktop widths", () => {
  it.each([1024, 1280, 1440, 1920])("keeps every row's Edit, Rotate and Revoke in the viewport and the card, with nothing to scroll sideways, at %i px", async (width) => {
    const page = await pageAt(width, 800);
    const wrap = page.locator("#keys-heading + .table-wrap");
    const { scrollWidth, clientWidth } = await wrap.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await eachAction(page, async (action, label) => {
      const card = (await page.locator("section.card", { has: action }).boundingBox()) as Box;
      const box = (await action.boundingBox()) as Box;
      expect(inside(box, { x: 0, y: 0, width, height: 800 }), `${label} in the viewport at ${width} px`).toBe(true);
      expect(inside(box, card), `${label} in its card at ${width} px`).toBe(true);
      expect(await action.evaluate((element) => element.scrollWidth <= element.clientWidth), `${label} not clipped`).toBe(true);
    });
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await screenshot(page, `keys-${width}`);
    await page.context().close();
  }, 60_000);

  it("keeps the header to one row at 1280 px with the workspace switcher: every item on one line, the bar one line high", async () => {
    const page = await pageAt(1280, 800);
    expect(await page.locator("#switch-workspace").isVisible()).toBe(true);
    const items = page.locator(".topbar .brand, .topbar .nav a, #switch-workspace, .topbar .account-email, .topbar button:visible");
    const boxes = (await items.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()))) as DOMRect[];
    expect(boxes.length).toBeGreaterThanOrEqual(11);
    const middles = boxes.map((box) => box.top + box.height / 2);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
    const header = (await page.locator(".topbar").boundingBox()) as Box;
    const tallest = Math.max(...boxes.map((box) => box.height));
    // Two rows would be at least twice the tallest item: one row plus the bar's padding stays well under.
    expect(header.height).toBeLessThan(tallest * 2);
    await page.context().close();
  });
});

describe("the keys page on a phone (390 px)", () => {
  it("reaches every row's actions by scrolling down only, and shows every nav link inside the viewport", async () => {
    const page = await pageAt(390, 844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const link of await page.locator(".nav a").all()) {
      const box = (await link.boundingBox()) as Box;
      expect(inside(box, { x: 0, y: 0, width: 390, height: 844 }), `${await link.textContent()} in the viewport`).toBe(true);
    }
    expect(await page.locator(".nav a").count()).toBe(7);
    await screenshot(page, "keys-390-top");
    await eachAction(page, async (action, label) => {
      const box = (await action.boundingBox()) as Box;
      expect(inside(box, { x: 0, y: 0, width: 390, height: 844 }), `${label} reachable`).toBe(true);
      expect(await action.isVisible()).toBe(true);
    });
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await screenshot(page, "keys-390");
    await page.context().close();
  });
});

describe("the create form without JavaScript", () => {
  it("still sets an expiry date and a scope: the date field and every tool are there, the filter (which needs JavaScript) is not", async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, storageState: session });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/dashboard/keys`);
    await page.locator("#key-name").fill("no script");
    await page.locator("#key-expires").selectOption("date");
    const date = `${new Date().getUTCFullYear() + 1}-02-01`;
    await page.locator("#key-expires-on").fill(date);
    await page.locator("[data-scope-picker] summary").click();
    expect(await page.getByLabel("Filter tools").isVisible()).toBe(false);
    await page.getByRole("checkbox", { name: "url-encode" }).check();
    await page.getByRole("checkbox", { name: "crypto", exact: true }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    await page.waitForURL("**/dashboard/keys/created?f=*");
    const secret = (await page.locator("[data-secret]").textContent())?.trim() ?? "";
    const key = (await api("/api/v1/keys/current", secret)).json.data.key;
    expect(key).toMatchObject({ expiresAt: `${date}T00:00:00.000Z`, scopes: { tools: ["url-encode"], categories: ["crypto"] } });
    await context.close();
  });
});
