import { describe, expect, it } from "vitest";
import { DEFAULT_ATTEMPT_LIMITS } from "../../../application/attempt-limits.ts";
import { DEFAULT_SESSION_POLICY } from "../../../domain/session.ts";
import { createTestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { call, cookieOf, PASSWORD, signUp } from "./testing.ts";

const INVALID_CREDENTIALS = { status: "error", code: 401, error_code: "invalid_credentials", message: "The email or password is incorrect." };
const UNAUTHORIZED = { status: "error", code: 401, error_code: "unauthorized", message: "Sign in to continue." };

describe("POST /api/v1/auth/sign-up", () => {
  it("answers 201 with the account and a CSRF token, sets an HttpOnly SameSite=Lax cookie, and creates a personal workspace", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const response = await call(app, "POST", "/api/v1/auth/sign-up", { body: { email: "Ada@Example.com", password: PASSWORD } });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      status: "success", code: 201,
      data: { account: { id: expect.stringMatching(/^acct_/), email: "ada@example.com", createdAt: expect.any(String), emailVerified: false, totpEnabled: false }, csrfToken: expect.any(String) },
    });
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^tk_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/);
    const workspaces = await (await app.request("/api/v1/workspaces", { headers: { cookie: cookieOf(response) } })).json();
    expect(workspaces.data.workspaces).toEqual([{ id: expect.stringMatching(/^ws_/), name: "Personal", personal: true, createdAt: expect.any(String) }]);
  });

  it("marks the cookie Secure when served over HTTPS", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const response = await app.request("https://tools.example/api/v1/auth/sign-up", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ada@example.com", password: PASSWORD }),
    });
    expect(response.headers.get("set-cookie")).toMatch(/; Secure$/);
  });

  it("answers 409 conflict for an email already taken", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    await signUp(app, "ada@example.com");
    const response = await call(app, "POST", "/api/v1/auth/sign-up", { body: { email: "ADA@example.com", password: PASSWORD } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ status: "error", code: 409, error_code: "conflict", message: "An account with this email already exists." });
  });

  it("answers 422 invalid_input with details for a malformed email and a short password", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const response = await call(app, "POST", "/api/v1/auth/sign-up", { body: { email: "nope", password: "short" } });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toMatchObject({ error_code: "invalid_input", details: [{ path: "/email" }, { path: "/password", message: "must be at least 12 characters" }] });
  });

  it("answers 415 for a body that is not JSON and 400 for malformed JSON", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const form = await app.request("/api/v1/auth/sign-up", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a" });
    expect(form.status).toBe(415);
    const broken = await app.request("/api/v1/auth/sign-up", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect((await broken.json()).error_code).toBe("invalid_json");
  });
});

describe("POST /api/v1/auth/sign-in", () => {
  it("answers 200 with a new session: a new cookie and CSRF token, and the previous session is destroyed", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const first = await signUp(app, "ada@example.com");
    const response = await call(app, "POST", "/api/v1/auth/sign-in", { client: first, body: { email: "ada@example.com", password: PASSWORD } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body.data).sort()).toEqual(["account", "csrfToken"]);
    expect(body.data.csrfToken).not.toBe(first.csrf);
    expect(cookieOf(response)).not.toBe(first.cookie);
    expect((await app.request("/api/v1/auth/session", { headers: { cookie: first.cookie } })).status).toBe(401);
    expect((await app.request("/api/v1/auth/session", { headers: { cookie: cookieOf(response) } })).status).toBe(200);
  });

  it("answers one identical 401 invalid_credentials for a wrong password and an unknown email", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    await signUp(app, "ada@example.com");
    const wrong = await call(app, "POST", "/api/v1/auth/sign-in", { body: { email: "ada@example.com", password: "not the password" } });
    const unknown = await call(app, "POST", "/api/v1/auth/sign-in", { body: { email: "bob@example.com", password: PASSWORD } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(INVALID_CREDENTIALS);
    expect(await unknown.json()).toEqual(INVALID_CREDENTIALS);
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("answers 422 invalid_input when a field is missing", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const response = await call(app, "POST", "/api/v1/auth/sign-in", { body: { email: "ada@example.com" } });
    expect(response.status).toBe(422);
    expect((await response.json()).details).toEqual([{ path: "/password", message: expect.any(String) }]);
  });

  it("answers 429 rate_limited with Retry-After once this address has spent its attempts on the account, even with the right password", async () => {
    const test = createTestApp({ tools: [hashText] });
    await signUp(test.app, "ada@example.com");
    for (let i = 0; i < DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp[0].limit; i++) {
      const attempt = await call(test.app, "POST", "/api/v1/auth/sign-in", { body: { email: "ada@example.com", password: "not the password" } });
      expect(attempt.status).toBe(401);
    }
    const refused = await call(test.app, "POST", "/api/v1/auth/sign-in", { body: { email: "ada@example.com", password: PASSWORD } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error_code).toBe("rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp[0].windowMs / 1000);
  });

  it("never writes the password into the request log", async () => {
    const { app, logs } = createTestApp({ tools: [hashText] });
    await signUp(app, "ada@example.com");
    await call(app, "POST", "/api/v1/auth/sign-in", { body: { email: "ada@example.com", password: "not the password" } });
    expect(logs.join("")).not.toContain(PASSWORD);
    expect(logs.join("")).not.toContain("not the password");
  });
});

describe("GET /api/v1/auth/session", () => {
  it("answers the account, the current workspace and the CSRF token", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const client = await signUp(app, "ada@example.com");
    const body = await (await call(app, "GET", "/api/v1/auth/session", { client })).json();
    expect(body.data).toEqual({
      account: { id: client.accountId, email: "ada@example.com", createdAt: expect.any(String), emailVerified: false, totpEnabled: false },
      workspace: { id: client.workspaceId, name: "Personal", personal: true, createdAt: expect.any(String) },
      csrfToken: client.csrf,
    });
  });

  it.each([["no cookie", ""], ["an unknown token", "tk_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]])("answers 401 unauthorized with %s", async (_name, cookie) => {
    const { app } = createTestApp({ tools: [hashText] });
    const response = await app.request("/api/v1/auth/session", { headers: cookie ? { cookie } : {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED);
  });

  it("answers 401 once the session has been idle past its limit, and clears the cookie", async () => {
    const test = createTestApp({ tools: [hashText] });
    const client = await signUp(test.app, "ada@example.com");
    test.clock.advance(DEFAULT_SESSION_POLICY.idleMs - 1);
    expect((await call(test.app, "GET", "/api/v1/auth/session", { client })).status).toBe(200);
    test.clock.advance(DEFAULT_SESSION_POLICY.idleMs);
    const expired = await call(test.app, "GET", "/api/v1/auth/session", { client });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("set-cookie")).toMatch(/^tk_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
  });
});

describe("POST /api/v1/auth/sign-out", () => {
  it("answers 403 csrf_failed without the X-CSRF-Token header, and the session survives", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const client = await signUp(app, "ada@example.com");
    for (const csrf of [null, "wrong"]) {
      const response = await call(app, "POST", "/api/v1/auth/sign-out", { client, csrf });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ status: "error", code: 403, error_code: "csrf_failed", message: expect.any(String) });
    }
    expect((await call(app, "GET", "/api/v1/auth/session", { client })).status).toBe(200);
  });

  it("destroys the session: the same cookie gets 401 afterwards", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    const client = await signUp(app, "ada@example.com");
    const response = await call(app, "POST", "/api/v1/auth/sign-out", { client });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await call(app, "GET", "/api/v1/auth/session", { client })).status).toBe(401);
  });

  it("answers 401 without a session", async () => {
    const { app } = createTestApp({ tools: [hashText] });
    expect((await call(app, "POST", "/api/v1/auth/sign-out")).status).toBe(401);
  });
});
