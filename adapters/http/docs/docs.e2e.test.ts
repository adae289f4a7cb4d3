import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { launchChromium } from "../dashboard/testing/chromium.ts";

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "docs-e2e-"));
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  server = await startServer(config.value, { logger: createLogger("silent") });
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("/docs in Chromium", () => {
  it("renders the interactive reference with every request staying on 127.0.0.1 and no CSP violation", async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${server.url}/docs`);
    await page.locator(".swagger-ui .info .title").getByText("Tool execution API").waitFor({ timeout: 30_000 });
    await page.locator(".opblock-tag-section").first().waitFor();
    // Open one operation: its schema and example render from the document too.
    await page.locator("#operations-tag-Execute").click();
    await page.locator("#operations-Execute-executeTool").click();
    await page.locator("#operations-Execute-executeTool .opblock-body").waitFor();
    await page.waitForLoadState("networkidle");
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.filter((url) => !url.startsWith(`${server.url}/`) && !url.startsWith("data:"))).toEqual([]);
    expect(requests).toContain(`${server.url}/api/v1/openapi.json`);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
