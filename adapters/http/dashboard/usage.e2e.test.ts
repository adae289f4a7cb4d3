import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { useServerWithBrowser } from "./testing/chromium.ts";

const ARTIFACTS = join(import.meta.dirname, "../../../test-artifacts");
const EMAIL = "usage@example.com";
const PASSWORD = "correct horse battery staple";
const COLUMNS = ["calls", "success", "clientError", "rateLimited", "serverError", "p50", "p95"] as const;

const e2e = useServerWithBrowser({ dataDirPrefix: "usage-e2e-" });
let secret: string;

async function execute(tool: string, input: unknown): Promise<number> {
  const response = await fetch(`${e2e.server.url}/api/v1/execute/${tool}`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": secret }, body: JSON.stringify({ input }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${e2e.server.url}/dashboard/sign-in`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/dashboard/keys");
}

/** A table's rows as { id: [numbers of COLUMNS] }, read from the cells' data-value (empty: null). */
async function readTable(page: Page, id: string): Promise<Record<string, (number | null)[]>> {
  return page.locator(`#${id} tbody tr`).evaluateAll((rows) => Object.fromEntries(rows.map((row, index) => [
    row.getAttribute("data-id") ?? String(index),
    [...row.querySelectorAll("td[data-value]")].slice(0, 7).map((cell) => (cell.getAttribute("data-value") === "" ? null : Number(cell.getAttribute("data-value")))),
  ])));
}

type Counts = { calls: number; success: number; clientError: number; rateLimited: number; serverError: number; latencyMs: { p50: number | null; p95: number | null } };
const row = (counts: Counts) => COLUMNS.map((column) => (column === "p50" || column === "p95" ? counts.latencyMs[column] : counts[column]));

/** What the API answers for the range the page shows. */
async function apiUsageFor(page: Page) {
  const range = page.locator("#usage-range");
  const [from, to, granularity] = await Promise.all(["data-from", "data-to", "data-granularity"].map((name) => range.getAttribute(name)));
  const session = await (await page.request.get(`${e2e.server.url}/api/v1/auth/session`)).json();
  const query = new URLSearchParams({ from: from ?? "", to: to ?? "", granularity: granularity ?? "" });
  const response = await page.request.get(`${e2e.server.url}/api/v1/workspaces/${session.data.workspace.id}/usage?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data.usage as Counts & { totals: Counts; keys: (Counts & { keyId: string })[]; tools: (Counts & { toolId: string })[] };
}

async function expectTablesEqualApi(page: Page): Promise<void> {
  const usage = await apiUsageFor(page);
  expect((await readTable(page, "usage-totals"))["0"]).toEqual(row(usage.totals));
  expect(await readTable(page, "usage-keys")).toEqual(Object.fromEntries(usage.keys.map((key) => [key.keyId, row(key)])));
  expect(await readTable(page, "usage-tools")).toEqual(Object.fromEntries(usage.tools.map((tool) => [tool.toolId, row(tool)])));
  expect(usage.totals).toMatchObject({ calls: 8, success: 5, clientError: 3, rateLimited: 0, serverError: 0 });
}

describe("the usage page in Chromium", () => {
  let context: BrowserContext;

  it("charts the workspace's calls and shows the same numbers as the API in its tables", async () => {
    context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${e2e.server.url}/dashboard/sign-up`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/dashboard/keys");
    await page.getByLabel("Name").fill("usage-e2e");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.waitForURL("**/dashboard/keys/created?f=*");
    secret = (await page.locator("[data-secret]").textContent())?.trim() ?? "";

    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await execute("hash-text", { algorithm: "sha256", text: `t${i}` }));
    statuses.push(await execute("hash-text", { algorithm: "sha999", text: "x" }), await execute("base64-encode", { text: 1 }), await execute("no-such-tool", {}));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 422, 422, 404]);
    await e2e.server.container.get(TOKENS.recordUsage).flush();

    await page.goto(`${e2e.server.url}/dashboard/usage?range=24h`);
    await expect.poll(() => page.locator("#usage-charts").getAttribute("data-drawn")).toBe("2");
    expect(await page.locator("#usage-charts canvas").count()).toBeGreaterThanOrEqual(2);
    await expectTablesEqualApi(page);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-usage.png"), fullPage: true });

    await page.goto(`${e2e.server.url}/dashboard/keys`);
    expect((await page.locator("td.calls-24h").textContent())?.trim()).toBe("8");
    expect(cspViolations).toEqual([]);
    await context.close();
  }, 120_000);

  it("reads without JavaScript: the same tables, no charts", async () => {
    context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole("link", { name: "Usage", exact: true }).click();
    await page.waitForURL("**/dashboard/usage");
    await page.getByRole("link", { name: "Last 24 hours" }).click();
    await page.waitForURL("**/dashboard/usage?range=24h");
    expect(await page.locator("#usage-charts").getAttribute("data-drawn")).toBeNull();
    await expectTablesEqualApi(page);
    for (const range of ["Last hour", "Last 30 days"]) {
      await page.getByRole("link", { name: range }).click();
      expect((await readTable(page, "usage-totals"))["0"]?.[0]).toBe(8);
    }
    await context.close();
  }, 120_000);
});
