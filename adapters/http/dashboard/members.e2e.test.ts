import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { useServerWithBrowser } from "./testing/chromium.ts";

const ARTIFACTS = join(import.meta.dirname, "../../../test-artifacts");
const PASSWORD = "correct horse battery staple";
const LONG_NAME = "billing prod eu-west-1 nightly-invoice-exporter-and-reconciler";

const e2e = useServerWithBrowser({ dataDirPrefix: "members-e2e-", passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });

/** Fills the sign-up form the page shows and submits it. */
async function signUpHere(page: Page, email: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** A browser of its own per person, at the width the rough edges were seen at. */
async function personPage(): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
  return context.newPage();
}

describe("members in Chromium, two people", () => {
  it("the owner invites and copies the link; the invitee signs up from it, accepts, sees the workspace; removed, their next page load is refused", async () => {
    const owner = await personPage();
    await owner.goto(`${e2e.server.url}/dashboard/sign-up`);
    await signUpHere(owner, "ada@example.com");
    await owner.waitForURL("**/dashboard/keys");
    await owner.goto(`${e2e.server.url}/dashboard/workspaces`);
    await owner.locator("#new-workspace").fill("Platform team");
    await owner.getByRole("button", { name: "Create workspace" }).click();
    await owner.waitForURL("**/dashboard/keys?notice=workspace-created");
    await owner.locator("#key-name").fill(LONG_NAME);
    await owner.getByRole("button", { name: "Create key" }).click();
    await owner.getByRole("link", { name: "I have copied it, back to keys" }).click();
    await owner.getByRole("link", { name: `Rotate ${LONG_NAME}` }).click();
    await owner.getByLabel("How long the old secret keeps working").selectOption({ label: "24 hours" });
    await owner.getByRole("button", { name: "Rotate key" }).click();
    await owner.getByRole("link", { name: "I have copied it, back to keys" }).click();
    await expect.poll(() => owner.locator("[data-grace]").textContent()).toMatch(/^previous secret valid until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    // At 1280 px the three buttons share one line: their tops are level.
    const tops = await owner.locator("td.end .button").evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);

    await owner.getByRole("link", { name: "Members" }).click();
    await owner.locator("#invite-email").fill("Bob@Example.com");
    await owner.locator("#invite-role").selectOption("member");
    await owner.getByRole("button", { name: "Create invitation link" }).click();
    const shown = (await owner.locator("[data-accept-url]").textContent())?.trim() ?? "";
    expect(shown).toMatch(new RegExp(`^${e2e.server.url}/dashboard/invitations/[A-Za-z0-9_-]{43}$`));
    await owner.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => owner.getByRole("button", { name: "Copied" }).count()).toBe(1);
    const link = await owner.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(shown);

    const bob = await personPage();
    await bob.goto(link);
    expect(new URL(bob.url()).pathname).toBe("/dashboard/sign-in");
    await bob.getByRole("link", { name: "Create an account" }).click();
    await signUpHere(bob, "bob@example.com");
    await bob.waitForURL(link);
    await expect.poll(() => bob.getByRole("heading", { name: "Join “Platform team”" }).count()).toBe(1);
    await bob.getByRole("button", { name: "Accept and join" }).click();
    await bob.waitForURL("**/dashboard/keys?notice=joined");
    expect(await bob.locator("main").textContent()).toContain("Platform team");
    expect(await bob.locator("td.name").first().textContent()).toContain(LONG_NAME);
    // Bob did not create the key: as a member, nothing to rotate, edit or revoke on it.
    expect(await bob.locator("td.end .button").count()).toBe(0);

    await owner.goto(`${e2e.server.url}/dashboard/members`);
    expect(await owner.locator("tr[data-member]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-member")))).toEqual(["ada@example.com", "bob@example.com"]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await owner.screenshot({ path: join(ARTIFACTS, "dashboard-members.png"), fullPage: true });
    await owner.getByRole("button", { name: "Remove bob@example.com" }).click();
    await owner.waitForURL("**/dashboard/members?notice=removed");

    const refused = await bob.reload();
    expect(refused?.status()).toBe(403);
    expect(await bob.getByRole("heading", { name: "No access to this workspace" }).count()).toBe(1);
    expect(await bob.locator("main").textContent()).not.toContain(LONG_NAME);

    await owner.getByRole("link", { name: "Audit log" }).click();
    const story = await owner.locator("main tbody").textContent();
    for (const part of ["member.removed", "member.joined", "member.invited", "bob@example.com", "ada@example.com", LONG_NAME]) expect(story).toContain(part);
    await owner.screenshot({ path: join(ARTIFACTS, "dashboard-audit.png"), fullPage: true });
  }, 120_000);
});
