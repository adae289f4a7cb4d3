import { describe, expect, it } from "vitest";
import { account, codeAt, PASSWORD, setup, STEP_MS, T0, type Test, withTotp } from "../adapters/testing/totp-fixture.ts";
import { DEFAULT_ATTEMPT_LIMITS } from "./attempt-limits.ts";

/** The password step; throws unless it asks for the second one. */
async function mfaToken(test: Test, email = "ada@example.com"): Promise<string> {
  const result = await test.signIn.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  if (!result.ok || result.value.kind !== "mfa") throw new Error("expected the second step");
  return result.value.mfaToken;
}

const secondStep = async (test: Test, code: string, token?: string) =>
  test.security.signInWithTotp.execute({ mfaToken: token ?? (await mfaToken(test)), code });
const outcome = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? "signed-in" : result.error?.code);

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
