import { describe, expect, it } from "vitest";
import { DEFAULT_ATTEMPT_LIMITS } from "../../../application/attempt-limits.ts";
import { DEFAULT_SESSION_POLICY } from "../../../domain/session.ts";
import { createTestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { HOME_PATH, safeReturnPath } from "./return-path.ts";
import { FormClient, PASSWORD } from "./testing/form-client.ts";

const setup = () => {
  const test = createTestApp({ tools: [hashText] });
  return { ...test, browser: new FormClient(test.app) };
};

describe("dashboard sign-in and sign-up", () => {
  it("redirects an unauthenticated visit (303) to a sign-in page that links to sign-up, and returns there after sign-in", async () => {
    const { browser } = setup();
    const visit = await browser.get("/dashboard/workspaces");
    expect(visit.status).toBe(303);
    expect(visit.headers.get("location")).toBe("/dashboard/sign-in?next=%2Fdashboard%2Fworkspaces");
    const page = await (await browser.get("/dashboard/sign-in?next=%2Fdashboard%2Fworkspaces")).text();
    expect(page).toContain('href="/dashboard/sign-up?next=%2Fdashboard%2Fworkspaces"');
    expect((await browser.get("/dashboard/keys")).headers.get("location")).toBe("/dashboard/sign-in");
    expect((await browser.signUp("ada@example.com")).headers.get("location")).toBe("/dashboard/keys");
    await browser.post("/dashboard/sign-out", { csrf: csrfFrom(await (await browser.get("/dashboard/keys")).text()) });
    const signedIn = await browser.signIn("ada@example.com", PASSWORD, "/dashboard/workspaces");
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/dashboard/workspaces");
    expect((await browser.get("/dashboard/workspaces")).status).toBe(200);
  });

  it.each([
    ["//evil.example/x", HOME_PATH],
    ["https://evil.example/", HOME_PATH],
    ["/\\evil.example", HOME_PATH],
    ["/dashboard/../api/v1/tools", HOME_PATH],
    ["javascript:alert(1)", HOME_PATH],
    ["/dashboard/keys\n", HOME_PATH],
    ["/dashboard/workspaces?tab=1", "/dashboard/workspaces?tab=1"],
    [null, HOME_PATH],
  ])("follows only a same-origin relative return path: %j → %s", (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it("says only that the email or password is wrong (401), never which", async () => {
    const { browser } = setup();
    await browser.signUp("ada@example.com");
    browser.forget("tk_session");
    const wrongPassword = await browser.signIn("ada@example.com", "not the password");
    const unknownEmail = await browser.signIn("bob@example.com", PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    for (const page of [await wrongPassword.text(), await unknownEmail.text()]) expect(page).toContain("The email or password is incorrect.");
  });

  it("explains a short password (422) and a taken email (409) on the sign-up form", async () => {
    const { browser } = setup();
    const short = await browser.signUp("ada@example.com", "short");
    expect(short.status).toBe(422);
    expect(await short.text()).toContain("Password must be at least 12 characters.");
    await browser.signUp("ada@example.com");
    browser.forget("tk_session");
    const taken = await browser.signUp("ada@example.com");
    expect(taken.status).toBe(409);
  });

  it("answers 429 with Retry-After once the sign-in attempts of an account are spent", async () => {
    const { browser } = setup();
    await browser.signUp("ada@example.com");
    browser.forget("tk_session");
    for (let i = 0; i < DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp[0].limit; i++) {
      expect((await browser.signIn("ada@example.com", "not the password")).status).toBe(401);
    }
    const limited = await browser.signIn("ada@example.com", PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many attempts");
  });

  it("refuses a sign-in form without the form token, or from another site (403)", async () => {
    const { app, browser } = setup();
    await browser.signUp("ada@example.com");
    const stranger = new FormClient(app);
    expect((await stranger.post("/dashboard/sign-in", { email: "ada@example.com", password: PASSWORD })).status).toBe(403);
    const page = await (await stranger.get("/dashboard/sign-in")).text();
    const fields = { csrf: csrfFrom(page), email: "ada@example.com", password: PASSWORD };
    expect((await stranger.post("/dashboard/sign-in", fields, { origin: "https://evil.example" })).status).toBe(403);
    expect((await stranger.post("/dashboard/sign-in", fields)).status).toBe(303);
  });
});

describe("dashboard sessions", () => {
  it("signs out: the session is destroyed server-side and the cookie cleared", async () => {
    const { app, browser } = setup();
    await browser.signUp("ada@example.com");
    const stolenCookie = browser.cookieHeader;
    const out = await browser.post("/dashboard/sign-out", { csrf: csrfFrom(await (await browser.get("/dashboard/keys")).text()) });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/dashboard/sign-in");
    expect(out.headers.get("set-cookie")).toMatch(/^tk_session=; Path=\/; Max-Age=0/);
    const replay = await app.request("/dashboard/keys", { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(303);
  });

  it("ignores a sign-out form without the session's CSRF token", async () => {
    const { browser } = setup();
    await browser.signUp("ada@example.com");
    await browser.post("/dashboard/sign-out", { csrf: "forged" });
    expect((await browser.get("/dashboard/keys")).status).toBe(200);
  });

  it("sends an expired session (idle, on an injected clock) back to sign-in", async () => {
    const test = setup();
    await test.browser.signUp("ada@example.com");
    test.clock.advance(DEFAULT_SESSION_POLICY.idleMs - 60_000);
    expect((await test.browser.get("/dashboard/keys")).status).toBe(200);
    test.clock.advance(DEFAULT_SESSION_POLICY.idleMs);
    const expired = await test.browser.get("/dashboard/keys");
    expect(expired.status).toBe(303);
    expect(expired.headers.get("location")).toBe("/dashboard/sign-in");
  });
});

const csrfFrom = (page: string): string => (/name="csrf" value="([^"]+)"/.exec(page) as RegExpExecArray)[1];
