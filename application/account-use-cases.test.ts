import { describe, expect, it } from "vitest";
import { createAccountFixture as setup, PASSWORD, signedUp } from "../adapters/testing/accounts.ts";
import { DEFAULT_SESSION_POLICY } from "../domain/session.ts";
import { DEFAULT_ATTEMPT_LIMITS } from "./attempt-limits.ts";
import { CountSessionWrite } from "./count-session-write.ts";
import { SignIn } from "./sign-in.ts";

const HOUR = 3_600_000;

describe("SignUp", () => {
  it("creates the account with a personal workspace, stores only a scrypt hash, and signs in", async () => {
    const test = setup();
    const signed = await signedUp(test, " Ada@Example.com ");
    expect(signed.account.email).toBe("ada@example.com");
    expect(signed.workspace).toMatchObject({ name: "Personal", personal: true });
    const stored = await test.accounts.findByEmail("ada@example.com");
    expect(stored?.passwordHash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    expect((await test.resolve.execute({ token: signed.token })).ok).toBe(true);
  });

  it("refuses a taken email with conflict, whatever its spelling", async () => {
    const test = setup();
    await signedUp(test);
    const again = await test.signUp.execute({ email: "ADA@example.com", password: PASSWORD, ip: "10.0.0.1" });
    expect(again.ok || again.error.code).toBe("conflict");
  });

  it("refuses a short password and a malformed email with invalid_input details", async () => {
    const result = await setup().signUp.execute({ email: "nope", password: "short", ip: "10.0.0.1" });
    expect(result.ok || result.error).toMatchObject({ code: "invalid_input", details: [{ path: "/email" }, { path: "/password" }] });
  });

  it("limits sign-ups per client address", async () => {
    const test = setup();
    for (let i = 0; i < DEFAULT_ATTEMPT_LIMITS.signUpPerIp.limit; i++) await signedUp(test, `user${i}@example.com`);
    const refused = await test.signUp.execute({ email: "one-more@example.com", password: PASSWORD, ip: "10.0.0.1" });
    expect(refused.ok || refused.error.code).toBe("rate_limited");
    expect((await test.signUp.execute({ email: "elsewhere@example.com", password: PASSWORD, ip: "10.0.0.2" })).ok).toBe(true);
  });
});

describe("SignUp's password rule", () => {
  it.each([
    ["12 spaces", " ".repeat(12), /^is too easy to guess \(strength 0 of 4, at least 3 needed\): Repeated characters/],
    ["12 NUL characters", "\u0000".repeat(12), /^contains control characters \(U\+0000 at 1\)/],
    ["a tab inside", "correct\thorse battery", /^contains control characters \(U\+0009 at 8\)/],
    ["aaaaaaaaaaaa", "aaaaaaaaaaaa", /^is too easy to guess .*: Repeated characters like "aaa" are easy to guess/],
    ["password1234", "password1234", /^is too easy to guess .*: This is similar to a commonly used password/],
    ["the email itself", "ada.lovelace@example.com", /^is too easy to guess/],
  ])("refuses %s with 422 invalid_input at /password, saying why", async (_label, password, message) => {
    const test = setup();
    const result = await test.signUp.execute({ email: "ada.lovelace@example.com", password, ip: "10.0.0.1" });
    expect(result.ok || result.error).toMatchObject({ code: "invalid_input", details: [{ path: "/password", message: expect.stringMatching(message) }] });
    expect(await test.accounts.findByEmail("ada.lovelace@example.com")).toBeUndefined();
  });

  it("accepts a passphrase zxcvbn scores 3 or more, the fixtures' own included", async () => {
    const test = setup();
    for (const [i, password] of [PASSWORD, "correct horse battery staple", "quiet-Lantern-42-orbit"].entries()) {
      expect((await test.signUp.execute({ email: `user${i}@example.com`, password, ip: "10.0.0.1" })).ok).toBe(true);
    }
  });

  it("counts sign-ups of an IPv6 client by its /64: 25 addresses of one /64 share one limit of 20", async () => {
    const test = setup();
    const { limit } = DEFAULT_ATTEMPT_LIMITS.signUpPerIp;
    const outcomes = [];
    for (let i = 0; i < limit + 5; i++) {
      const result = await test.signUp.execute({ email: `v6-${i}@example.com`, password: PASSWORD, ip: `2001:db8:aa:bb:${(i + 1).toString(16)}::1` });
      outcomes.push(result.ok ? "created" : result.error.code);
    }
    expect(outcomes).toEqual([...Array(limit).fill("created"), ...Array(5).fill("rate_limited")]);
    expect((await test.signUp.execute({ email: "next-net@example.com", password: PASSWORD, ip: "2001:db8:aa:bc::1" })).ok).toBe(true);
  });
});

describe("SignIn", () => {
  it("opens a new session with a new token and CSRF token, destroying the one the client held", async () => {
    const test = setup();
    const first = await signedUp(test);
    const second = await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1", previousToken: first.token });
    if (!second.ok || second.value.kind !== "signed-in") throw new Error("expected a session");
    expect(second.value.token).not.toBe(first.token);
    expect(second.value.csrfToken).not.toBe(first.csrfToken);
    expect((await test.resolve.execute({ token: first.token })).ok).toBe(false);
    expect((await test.resolve.execute({ token: second.value.token })).ok).toBe(true);
  });

  it("answers one identical invalid_credentials for a wrong password and an unknown email", async () => {
    const test = setup();
    await signedUp(test);
    const wrongPassword = await test.signIn.execute({ email: "ada@example.com", password: "wrong password!", ip: "10.0.0.1" });
    const unknownEmail = await test.signIn.execute({ email: "bob@example.com", password: PASSWORD, ip: "10.0.0.1" });
    expect(wrongPassword).toEqual({ ok: false, error: { code: "invalid_credentials", message: "The email or password is incorrect." } });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it("runs the KDF for an unknown email too, so timing does not reveal which emails exist", async () => {
    const test = setup();
    let verifications = 0;
    const hasher = { hash: test.hasher.hash.bind(test.hasher), verify: async (p: string, h: string) => (verifications++, test.hasher.verify(p, h)) };
    const signIn = new SignIn({ ...test, hasher });
    await signIn.execute({ email: "nobody@example.com", password: PASSWORD, ip: "10.0.0.1" });
    expect(verifications).toBe(1);
  });
});

describe("ResolveSession and SignOut", () => {
  it("ends a session after the idle limit and after the absolute limit, even when it is used", async () => {
    const test = setup();
    const idle = await signedUp(test);
    test.clock.advance(DEFAULT_SESSION_POLICY.idleMs);
    expect((await test.resolve.execute({ token: idle.token })).ok).toBe(false);

    const busy = await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    if (!busy.ok || busy.value.kind !== "signed-in") throw new Error("sign-in failed");
    for (let used = 0; used < DEFAULT_SESSION_POLICY.absoluteMs - HOUR; used += HOUR) {
      test.clock.advance(HOUR);
      expect((await test.resolve.execute({ token: busy.value.token })).ok).toBe(true);
    }
    test.clock.advance(HOUR);
    expect((await test.resolve.execute({ token: busy.value.token })).ok || "expired").toBe("expired");
  });

  it("refuses a missing or unknown token with unauthorized", async () => {
    const test = setup();
    for (const token of [undefined, "", "not-a-session"]) {
      const result = await test.resolve.execute({ token });
      expect(result.ok || result.error).toMatchObject({ code: "unauthorized", reason: "session" });
    }
  });

  it("destroys the session on sign-out", async () => {
    const test = setup();
    const signed = await signedUp(test);
    await test.signOut.execute({ token: signed.token });
    expect((await test.resolve.execute({ token: signed.token })).ok).toBe(false);
  });
});

describe("CountSessionWrite", () => {
  it("allows 120 writes per account in 10 s, refuses the next with the wait to the window's end, and counts accounts apart", async () => {
    const test = setup();
    const writes = new CountSessionWrite({ limits: test.limits, attemptLimits: DEFAULT_ATTEMPT_LIMITS });
    // The memory limiter's windows start at multiples of their length: start at one, so the whole window is ahead.
    test.clock.advance(10_000 - (test.clock.now() % 10_000));
    for (let i = 0; i < 120; i++) expect((await writes.execute({ accountId: "acct_a" })).ok).toBe(true);
    test.clock.advance(4_000);
    expect(await writes.execute({ accountId: "acct_a" })).toMatchObject({ ok: false, error: { code: "rate_limited", retryAfterMs: 6_000 } });
    expect((await writes.execute({ accountId: "acct_b" })).ok).toBe(true);
    test.clock.advance(6_000);
    expect((await writes.execute({ accountId: "acct_a" })).ok).toBe(true);
  });
});
