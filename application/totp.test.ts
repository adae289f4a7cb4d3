import { createHash } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { securityCore } from "../adapters/testing/security-core.ts";
import type { Account } from "../domain/account.ts";
import { type AttemptLimits, DEFAULT_ATTEMPT_LIMITS } from "./attempt-limits.ts";

const PASSWORD = "correct horse battery";
const STEP_MS = 30_000;
// 15 s into a 30 s step, so stepping the clock by whole steps never lands on a boundary.
const T0 = Date.UTC(2026, 0, 1, 12, 0, 15);

/** The account-security use cases on memory storage and a fixed clock, as the server binds them. */
const setup = (attemptLimits: AttemptLimits = DEFAULT_ATTEMPT_LIMITS) => securityCore({ attemptLimits, start: T0 });
type Test = ReturnType<typeof setup>;

/** The code an authenticator app shows for `secret` at `at`, computed by otpauth independently of the server. */
const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: at });

async function account(test: Test, email = "ada@example.com"): Promise<Account> {
  const found = await test.accounts.findByEmail(email);
  if (!found) throw new Error("no account");
  return found;
}

/** Signs up and turns TOTP on at the clock's current time; returns the secret and the recovery codes. */
async function withTotp(test: Test, email = "ada@example.com") {
  const signed = await test.signUp.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  if (!signed.ok) throw new Error(signed.error.message);
  const setupResult = await test.security.startTotpSetup.execute({ account: await account(test, email) });
  if (!setupResult.ok) throw new Error(setupResult.error.message);
  const { secret } = setupResult.value;
  const enabled = await test.security.enableTotp.execute({ account: await account(test, email), code: codeAt(secret, test.clock.now()) });
  if (!enabled.ok) throw new Error(enabled.error.message);
  return { secret, recoveryCodes: enabled.value.recoveryCodes, personalWorkspaceId: signed.value.workspace.id };
}

/** The password step; throws unless it asks for the second one. */
async function mfaToken(test: Test, email = "ada@example.com"): Promise<string> {
  const result = await test.signIn.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  if (!result.ok || result.value.kind !== "mfa") throw new Error("expected the second step");
  return result.value.mfaToken;
}

const secondStep = async (test: Test, code: string, token?: string) =>
  test.security.signInWithTotp.execute({ mfaToken: token ?? (await mfaToken(test)), code });
const outcome = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? "signed-in" : result.error?.code);

describe("TOTP set-up", () => {
  it("offers a 20-byte base32 secret and its otpauth:// URL, kept pending until a code confirms it", async () => {
    const test = setup();
    await test.signUp.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    const result = await test.security.startTotpSetup.execute({ account: await account(test) });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Buffer.from(Secret.fromBase32(result.value.secret).buffer).length).toBe(20);
    const url = new URL(result.value.otpauthUrl);
    expect(url.searchParams.get("secret")).toBe(result.value.secret);
    expect(decodeURIComponent(url.pathname)).toBe("/Tool Execution API:ada@example.com");
    const stored = await account(test);
    expect(stored.totpPending?.secret).toBe(result.value.secret);
    expect(stored.totp).toBeUndefined();
    expect(result.value.expiresAt).toBe(new Date(T0 + 15 * 60_000).toISOString());
  });

  it("refuses a wrong code with 422 at /code and leaves TOTP off", async () => {
    const test = setup();
    await test.signUp.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    const started = await test.security.startTotpSetup.execute({ account: await account(test) });
    if (!started.ok) throw new Error("no set-up");
    const wrong = String((Number(codeAt(started.value.secret, T0)) + 1) % 1_000_000).padStart(6, "0");
    const result = await test.security.enableTotp.execute({ account: await account(test), code: wrong });
    expect(result.ok || result.error).toMatchObject({ code: "invalid_input", details: [{ path: "/code" }] });
    expect((await account(test)).totp).toBeUndefined();
  });

  it("turns on with the app's code: 10 distinct recovery codes stored only as SHA-256 hashes, audited, and set-up again refused", async () => {
    const test = setup();
    const { recoveryCodes, personalWorkspaceId } = await withTotp(test);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await account(test);
    expect(stored.totp?.lastStep).toBe(Math.floor(T0 / STEP_MS));
    expect(stored.totpPending).toBeUndefined();
    expect(stored.recoveryCodeHashes).toEqual(recoveryCodes.map((code) => createHash("sha256").update(code.replace("-", "")).digest("hex")));
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    const events = await test.audit.list(personalWorkspaceId, 200);
    expect(events.map((event) => event.type)).toContain("account.totp_enabled");
    const again = await test.security.startTotpSetup.execute({ account: stored });
    expect(again.ok || again.error.code).toBe("conflict");
  });
});

describe("TOTP set-up expiry", () => {
  const SETUP_TTL_MS = 15 * 60_000;

  /** Signs up and starts a set-up at the clock's current time; its secret. */
  async function started(test: Test): Promise<string> {
    await test.signUp.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    const result = await test.security.startTotpSetup.execute({ account: await account(test) });
    if (!result.ok) throw new Error(result.error.message);
    return result.value.secret;
  }

  it("refuses the app's code 15 minutes after the set-up started with 409 conflict, leaves TOTP off, and a new set-up works", async () => {
    const test = setup();
    const secret = await started(test);
    test.clock.advance(SETUP_TTL_MS);
    const late = await test.security.enableTotp.execute({ account: await account(test), code: codeAt(secret, test.clock.now()) });
    expect(late.ok || late.error).toMatchObject({ code: "conflict", message: expect.stringMatching(/expired.*start it again/) });
    expect((await account(test)).totp).toBeUndefined();
    const again = await test.security.startTotpSetup.execute({ account: await account(test) });
    if (!again.ok) throw new Error(again.error.message);
    const enabled = await test.security.enableTotp.execute({ account: await account(test), code: codeAt(again.value.secret, test.clock.now()) });
    expect(enabled.ok).toBe(true);
  });

  it("turns on with the app's code just inside the 15 minutes", async () => {
    const test = setup();
    const secret = await started(test);
    test.clock.advance(SETUP_TTL_MS - 1);
    const enabled = await test.security.enableTotp.execute({ account: await account(test), code: codeAt(secret, test.clock.now()) });
    expect(enabled.ok).toBe(true);
    expect((await account(test)).totp?.secret).toBe(secret);
  });

  it("refuses in the compare-and-set a set-up that expired after the account was read", async () => {
    const test = setup();
    const secret = await started(test);
    test.clock.advance(SETUP_TTL_MS);
    const stored = await account(test);
    // The account as read before the set-up expired: only the stored one, which the update compares, has expired.
    const read = { ...stored, totpPending: { secret, createdAt: test.clock.now() } };
    const late = await test.security.enableTotp.execute({ account: read, code: codeAt(secret, test.clock.now()) });
    expect(late.ok || late.error.code).toBe("conflict");
    expect((await account(test)).totp).toBeUndefined();
  });
});

describe("sign-in with TOTP on", () => {
  it("asks for a second step after the right password, with no session, then signs in with the next code", async () => {
    const test = setup();
    const { secret } = await withTotp(test);
    const first = await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    if (!first.ok || first.value.kind !== "mfa") throw new Error("expected mfa");
    expect(first.value.mfaToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.value.expiresAt).toBe(T0 + 5 * 60_000);
    expect("token" in first.value).toBe(false);
    test.clock.advance(STEP_MS);
    const signed = await test.security.signInWithTotp.execute({ mfaToken: first.value.mfaToken, code: codeAt(secret, test.clock.now()) });
    if (!signed.ok) throw new Error(signed.error.message);
    expect((await test.resolve.execute({ token: signed.value.token })).ok).toBe(true);
    expect(signed.value.account.totpEnabled).toBe(true);
  });

  it("counts the code that enabled TOTP as used", async () => {
    const test = setup();
    const { secret } = await withTotp(test);
    expect(outcome(await secondStep(test, codeAt(secret, T0)))).toBe("invalid_credentials");
  });

  it("accepts codes one step either side of now, never one further, and never a code twice (no replay in its window)", async () => {
    const test = setup();
    const { secret } = await withTotp(test);
    test.clock.advance(10 * STEP_MS);
    const now = test.clock.now();
    expect(outcome(await secondStep(test, codeAt(secret, now - 2 * STEP_MS)))).toBe("invalid_credentials");
    expect(outcome(await secondStep(test, codeAt(secret, now - STEP_MS)))).toBe("signed-in");
    expect(outcome(await secondStep(test, codeAt(secret, now - STEP_MS)))).toBe("invalid_credentials");
    expect(outcome(await secondStep(test, codeAt(secret, now)))).toBe("signed-in");
    expect(outcome(await secondStep(test, codeAt(secret, now)))).toBe("invalid_credentials");
    expect(outcome(await secondStep(test, codeAt(secret, now + 2 * STEP_MS)))).toBe("invalid_credentials");
    expect(outcome(await secondStep(test, codeAt(secret, now + STEP_MS)))).toBe("signed-in");
  });

  it("lets an mfaToken work until 5 minutes after the password, and not at 5 minutes", async () => {
    const test = setup();
    const { secret } = await withTotp(test);
    const early = await mfaToken(test);
    const late = await mfaToken(test);
    test.clock.advance(5 * 60_000 - 1);
    expect(outcome(await secondStep(test, codeAt(secret, test.clock.now()), early))).toBe("signed-in");
    test.clock.advance(1);
    const expired = await secondStep(test, codeAt(secret, test.clock.now() + STEP_MS), late);
    expect(expired.ok || expired.error.message).toMatch(/expired/);
  });

  it("refuses the 6th try of one mfaToken with 429, even with the right code", async () => {
    const test = setup();
    const { secret } = await withTotp(test);
    const token = await mfaToken(test);
    test.clock.advance(STEP_MS);
    const right = codeAt(secret, test.clock.now());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) expect(outcome(await secondStep(test, wrong, token))).toBe("invalid_credentials");
    const sixth = await secondStep(test, right, token);
    expect(sixth.ok || sixth.error).toMatchObject({ code: "rate_limited", retryAfterMs: expect.any(Number) });
    // A new mfaToken still works: the account's own cap (10 in 15 minutes) is not spent by 5.
    expect(outcome(await secondStep(test, right))).toBe("signed-in");
  });

  it("takes a recovery code once, in any spelling, and removes only it", async () => {
    const test = setup();
    const { recoveryCodes } = await withTotp(test);
    const [code] = recoveryCodes;
    expect(outcome(await secondStep(test, ` ${code.replace("-", "").toUpperCase()} `))).toBe("signed-in");
    expect(outcome(await secondStep(test, code))).toBe("invalid_credentials");
    expect((await account(test)).recoveryCodeHashes).toHaveLength(9);
    expect(outcome(await secondStep(test, recoveryCodes[1]))).toBe("signed-in");
  });

  it("lets exactly one of 20 concurrent sign-ins with one recovery code through", async () => {
    const test = setup({ ...DEFAULT_ATTEMPT_LIMITS, secondFactorPerAccount: [{ limit: 1000, windowMs: 60_000 }] });
    const { recoveryCodes } = await withTotp(test);
    const tokens: string[] = [];
    // One after the other: concurrent password steps would be held back by the password throttle's in-flight count.
    for (let i = 0; i < 20; i++) tokens.push(await mfaToken(test));
    const results = await Promise.all(tokens.map((token) => secondStep(test, recoveryCodes[0], token)));
    expect(results.map(outcome).sort()).toEqual(["signed-in", ...Array(19).fill("invalid_credentials")].sort());
    expect((await account(test)).recoveryCodeHashes).toHaveLength(9);
  });

  it("caps wrong codes per account across mfaTokens: 10 in 15 minutes, then 429 whatever the token", async () => {
    const test = setup();
    const { secret } = await withTotp(test);
    test.clock.advance(STEP_MS);
    const right = codeAt(secret, test.clock.now());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 10; i++) expect(outcome(await secondStep(test, wrong))).toBe("invalid_credentials");
    expect(outcome(await secondStep(test, right))).toBe("rate_limited");
  });
});

describe("turning TOTP off", () => {
  it("refuses a wrong code with 401, then turns off with a recovery code: secret, pending set-up and codes gone, audited", async () => {
    const test = setup();
    const { recoveryCodes, personalWorkspaceId } = await withTotp(test);
    const wrong = await test.security.disableTotp.execute({ account: await account(test), code: "000000" });
    expect(wrong.ok || wrong.error.code).toBe("invalid_credentials");
    const off = await test.security.disableTotp.execute({ account: await account(test), code: recoveryCodes[3] });
    expect(off.ok).toBe(true);
    const stored = await account(test);
    expect([stored.totp, stored.totpPending, stored.recoveryCodeHashes]).toEqual([undefined, undefined, undefined]);
    expect((await test.audit.list(personalWorkspaceId, 200)).map((event) => event.type)).toContain("account.totp_disabled");
    const signed = await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    expect(signed.ok && signed.value.kind).toBe("signed-in");
  });

  it("turns off with a current code, but not with the one already used", async () => {
    const test = setup();
    const { secret } = await withTotp(test);
    const used = await test.security.disableTotp.execute({ account: await account(test), code: codeAt(secret, T0) });
    expect(used.ok || used.error.code).toBe("invalid_credentials");
    test.clock.advance(STEP_MS);
    const off = await test.security.disableTotp.execute({ account: await account(test), code: codeAt(secret, test.clock.now()) });
    expect(off.ok).toBe(true);
  });
});
