import { describe, expect, it } from "vitest";
import { linkIn, SECURITY_PUBLIC_URL, type SecurityCore, securityCore, tokenOf } from "../adapters/testing/security-core.ts";
import type { Account } from "../domain/account.ts";
import { personalWorkspaceOf } from "./account-changes.ts";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "violet kettle marching lantern";
const HOUR = 3_600_000;

async function account(test: SecurityCore, email = "ada@example.com"): Promise<Account> {
  const found = await test.accounts.findByEmail(email);
  if (!found) throw new Error("no account");
  return found;
}

/** Signs up (its verification email is read and dropped) and returns the session token. */
async function signedUp(test: SecurityCore, email = "ada@example.com"): Promise<string> {
  const result = await test.signUp.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  if (!result.ok) throw new Error(result.error.message);
  await test.takeEmails();
  return result.value.token;
}

/** Asks for a reset of `email` and returns the token of the link it emailed. */
async function resetToken(test: SecurityCore, email = "ada@example.com", ip = "10.0.0.2"): Promise<string> {
  const asked = await test.security.requestPasswordReset.execute({ email, ip });
  if (!asked.ok) throw new Error(asked.error.message);
  const emails = await test.takeEmails();
  expect(emails).toHaveLength(1);
  return tokenOf(linkIn(emails[0], "/dashboard/reset-password/"));
}

const confirm = (test: SecurityCore, token: string, password = NEW_PASSWORD) =>
  test.security.confirmPasswordReset.execute({ token, password, ip: "10.0.0.3" });
const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? "ok" : result.error?.code);
const signInWith = async (test: SecurityCore, password: string) => codeOf(await test.signIn.execute({ email: "ada@example.com", password, ip: "10.0.0.4" }));

describe("asking for a password reset", () => {
  it("emails a one-hour link under PUBLIC_URL to a known address, and answers an unknown one the same with no email", async () => {
    const test = securityCore();
    await signedUp(test);
    const known = await test.security.requestPasswordReset.execute({ email: " Ada@Example.com", ip: "10.0.0.2" });
    const [email, ...more] = await test.takeEmails();
    expect(more).toEqual([]);
    expect(email.to).toBe("ada@example.com");
    const link = linkIn(email, "/dashboard/reset-password/");
    expect(link.startsWith(`${SECURITY_PUBLIC_URL}/dashboard/reset-password/`)).toBe(true);
    expect(email.text).toContain(new Date(test.clock.now() + HOUR).toISOString().slice(0, 16).replace("T", " "));
    const unknown = await test.security.requestPasswordReset.execute({ email: "nobody@example.com", ip: "10.0.0.2" });
    expect(unknown).toEqual(known);
    expect(await test.takeEmails()).toEqual([]);
  });

  it("refuses a malformed email with 422 at /email", async () => {
    const result = await securityCore().security.requestPasswordReset.execute({ email: "not an email", ip: "10.0.0.2" });
    expect(result.ok || result.error).toMatchObject({ code: "invalid_input", details: [{ path: "/email" }] });
  });

  it("allows 5 emails per address-to-reset an hour, known or not, then 429 until the hour ends", async () => {
    const test = securityCore();
    for (const email of ["ada@example.com", "nobody@example.com"]) {
      const results = [];
      for (let i = 0; i < 6; i++) results.push(codeOf(await test.security.requestPasswordReset.execute({ email, ip: `10.0.${i}.9` })));
      expect(results).toEqual(["ok", "ok", "ok", "ok", "ok", "rate_limited"]);
    }
    test.clock.advance(HOUR);
    expect(codeOf(await test.security.requestPasswordReset.execute({ email: "ada@example.com", ip: "10.0.0.9" }))).toBe("ok");
  });

  it("allows 20 requests per client address an hour (an IPv6 /64 counts as one), then 429 with a wait", async () => {
    const test = securityCore();
    const results = [];
    for (let i = 0; i < 21; i++) {
      results.push(await test.security.requestPasswordReset.execute({ email: `user${i}@example.com`, ip: `2001:db8:1:2::${i.toString(16)}` }));
    }
    expect(results.slice(0, 20).every((result) => result.ok)).toBe(true);
    const last = results[20];
    expect(last.ok || last.error).toMatchObject({ code: "rate_limited" });
    expect(last.ok || (last.error as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
  });
});

describe("setting a new password with the link", () => {
  it("changes the password, verifies the email, ends every session, and audits and announces the reset", async () => {
    const test = securityCore();
    const session = await signedUp(test);
    expect((await test.resolve.execute({ token: session })).ok).toBe(true);
    const result = await confirm(test, await resetToken(test));
    expect(result.ok && result.value).toMatchObject({ email: "ada@example.com", emailVerified: true });
    expect(codeOf(await test.resolve.execute({ token: session }))).toBe("unauthorized");
    expect(await signInWith(test, PASSWORD)).toBe("invalid_credentials");
    expect(await signInWith(test, NEW_PASSWORD)).toBe("ok");
    const personal = await personalWorkspaceOf(test.workspaces, (await account(test)).id);
    const types = (await test.audit.list(personal?.id ?? null, 50)).map((event) => event.type);
    expect(types).toContain("account.password_reset");
    const notices = await test.takeEmails();
    expect(notices.map((email) => [email.to, /password/i.test(email.subject)])).toEqual([["ada@example.com", true]]);
  });

  it("works once: the same link again is 404", async () => {
    const test = securityCore();
    await signedUp(test);
    const token = await resetToken(test);
    expect(codeOf(await confirm(test, token))).toBe("ok");
    expect(codeOf(await confirm(test, token, "another strong passphrase here"))).toBe("not_found");
  });

  it.each([
    [HOUR - 1, "ok"],
    [HOUR, "not_found"],
  ])("works until 1 hour after it was sent: %i ms later → %s", async (laterMs, expected) => {
    const test = securityCore();
    await signedUp(test);
    const token = await resetToken(test);
    test.clock.advance(laterMs);
    expect(codeOf(await confirm(test, token))).toBe(expected);
  });

  it("checks the new password before spending the link: a weak one is 422 and the link still works", async () => {
    const test = securityCore();
    await signedUp(test);
    const token = await resetToken(test);
    for (const weak of ["password1234", "short", "ada@example.com ada", "            "]) {
      const result = await confirm(test, token, weak);
      expect(result.ok || result.error).toMatchObject({ code: "invalid_input", details: [{ path: "/password" }] });
    }
    expect(codeOf(await confirm(test, token))).toBe("ok");
  });

  it("stops working once the password changed after it was sent", async () => {
    const test = securityCore();
    await signedUp(test);
    const first = await resetToken(test);
    const second = await resetToken(test);
    expect(codeOf(await confirm(test, second))).toBe("ok");
    expect(codeOf(await confirm(test, first, "another strong passphrase here"))).toBe("not_found");
  });

  it("answers one 404 for unknown, malformed and forged tokens", async () => {
    const test = securityCore();
    await signedUp(test);
    const real = await resetToken(test);
    const { id } = await account(test);
    const forged = `${id}.${"A".repeat(43)}`;
    const answers = await Promise.all(["nope", forged, `acct_other.${real.split(".")[1]}`, 42].map((token) => test.security.confirmPasswordReset.execute({ token, password: NEW_PASSWORD, ip: "10.0.0.3" })));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(codeOf(answers[0])).toBe("not_found");
  });

  it("of 5 concurrent confirmations of one link, exactly one wins", async () => {
    const test = securityCore();
    await signedUp(test);
    const token = await resetToken(test);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => confirm(test, token, `${NEW_PASSWORD} ${i}`)));
    expect(results.map(codeOf).sort()).toEqual(["not_found", "not_found", "not_found", "not_found", "ok"]);
  });

  it("takes an unverified address back whole: a squatter's two-factor, recovery codes and passkeys go", async () => {
    const test = securityCore();
    await signedUp(test);
    const { id } = await account(test);
    await test.accounts.update(id, (current) => ({ ...current, ...SQUATTER_FACTORS }));
    expect(codeOf(await confirm(test, await resetToken(test)))).toBe("ok");
    const after = await account(test);
    expect([after.totp, after.totpPending, after.recoveryCodeHashes, after.passkeys]).toEqual([undefined, undefined, undefined, undefined]);
    expect(after.emailVerified).toBe(true);
  });

  it("leaves a verified account's second factors as they are", async () => {
    const test = securityCore();
    await signedUp(test);
    const { id } = await account(test);
    await test.accounts.update(id, (current) => ({ ...current, ...SQUATTER_FACTORS, emailVerified: true }));
    expect(codeOf(await confirm(test, await resetToken(test)))).toBe("ok");
    const after = await account(test);
    expect(after.totp).toEqual(SQUATTER_FACTORS.totp);
    expect(after.passkeys).toEqual(SQUATTER_FACTORS.passkeys);
  });
});

const SQUATTER_FACTORS = {
  totp: { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", lastStep: 1, enabledAt: 1 },
  recoveryCodeHashes: ["0".repeat(64)],
  passkeys: [{ id: "cred", name: "Squatter's key", publicKey: "pk", counter: 0, createdAt: 1 }],
} satisfies Partial<Account>;
