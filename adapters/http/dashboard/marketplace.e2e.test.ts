import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useServerWithBrowser } from "./testing/chromium.ts";

const ARTIFACTS = join(import.meta.dirname, "../../../test-artifacts");
const PASSWORD = "correct horse battery staple";

const e2e = useServerWithBrowser({ dataDirPrefix: "marketplace-e2e-", packSpecifiers: ["./examples/tool-pack"] });

describe("the marketplace page in Chromium", () => {
  it("browses packs, enables example for the current workspace, and the session API then lists it as enabled", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/dashboard/sign-up`);
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
    const session = (await (await fetch(`${e2e.server.url}/api/v1/auth/session`, { headers: { cookie: cookies } })).json()).data;
    const packs = (await (await fetch(`${e2e.server.url}/api/v1/workspaces/${session.workspace.id}/packs`, { headers: { cookie: cookies } })).json()).data.packs;
    expect(packs).toEqual(["core", "example"]);
    await page.close();
  }, 120_000);
});
