import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { loadPacks } from "../../packs/load-packs.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { launchChromium } from "./testing/chromium.ts";

const ARTIFACTS = join(import.meta.dirname, "../../../test-artifacts");
const PASSWORD = "correct horse battery staple";

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "marketplace-e2e-"));
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  const packSpecifiers = ["./examples/tool-pack"];
  server = await startServer(config.value, { logger: createLogger("silent"), packs: await loadPacks(packSpecifiers) });
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the marketplace page in Chromium", () => {
  it("browses packs, enables example for the current workspace, and the session API then lists it as enabled", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/dashboard/sign-up`);
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/dashboard/keys");
    await page.getByRole("link", { name: "Marketplace" }).click();
    await page.waitForURL("**/dashboard/marketplace");
    expect(await page.locator("section[data-pack]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-pack")))).toEqual(["core", "example"]);
    await page.locator('section[data-pack="example"] summary').click();
    expect(await page.locator('section[data-pack="example"]').textContent()).toContain("example.reverse-text");
    await page.getByRole("button", { name: "Enable Example pack" }).click();
    await page.waitForURL("**/dashboard/marketplace?notice=enabled");
    expect(await page.getByRole("status").textContent()).toContain("Pack enabled");
    await page.getByRole("button", { name: "Disable Example pack" }).waitFor();
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-marketplace.png"), fullPage: true });
    // The session API agrees with what the page shows.
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const session = (await (await fetch(`${server.url}/api/v1/auth/session`, { headers: { cookie: cookies } })).json()).data;
    const packs = (await (await fetch(`${server.url}/api/v1/workspaces/${session.workspace.id}/packs`, { headers: { cookie: cookies } })).json()).data.packs;
    expect(packs).toEqual(["core", "example"]);
    await page.close();
  }, 120_000);
});
