import { describe, expect, it } from "vitest";
import { useServerWithBrowser } from "../dashboard/testing/chromium.ts";

const e2e = useServerWithBrowser({ dataDirPrefix: "docs-e2e-" });

describe("/docs in Chromium", () => {
  it("renders the interactive reference with every request staying on 127.0.0.1 and no CSP violation", async () => {
    const page = await e2e.browser.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${e2e.server.url}/docs`);
    await page.locator(".swagger-ui .info .title").getByText("Tool execution API").waitFor({ timeout: 30_000 });
    await page.locator(".opblock-tag-section").first().waitFor();
    // Open one operation: its schema and example render from the document too.
    await page.locator("#operations-tag-Execute").click();
    await page.locator("#operations-Execute-executeTool").click();
    await page.locator("#operations-Execute-executeTool .opblock-body").waitFor();
    await page.waitForLoadState("networkidle");
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.filter((url) => !url.startsWith(`${e2e.server.url}/`) && !url.startsWith("data:"))).toEqual([]);
    expect(requests).toContain(`${e2e.server.url}/api/v1/openapi.json`);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
