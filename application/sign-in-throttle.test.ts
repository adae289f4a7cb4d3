import { describe, expect, it } from "vitest";
import { createAccountFixture as setup, PASSWORD, signedUp } from "../adapters/testing/accounts.ts";
import type { PasswordHasher } from "./ports.ts";
import { DEFAULT_ATTEMPT_LIMITS } from "./attempt-limits.ts";
import { SignIn } from "./sign-in.ts";

const [firstTier, secondTier] = DEFAULT_ATTEMPT_LIMITS.signInPerAccountAndIp;
const WRONG = "wrong password!";

type Fixture = ReturnType<typeof setup>;
const attempt = (test: Fixture, ip: string, password = WRONG, email = "ada@example.com") => test.signIn.execute({ email, password, ip });

async function failTimes(test: Fixture, times: number, ip: string, email = "ada@example.com") {
  for (let i = 0; i < times; i++) {
    const result = await attempt(test, ip, WRONG, email);
    expect(result.ok || result.error.code).toBe("invalid_credentials");
  }
}

describe("sign-in throttling without lock-out", () => {
  it("throttles the attacker's address for that account while the right password from another address gets in", async () => {
    const test = setup();
    await signedUp(test);
    await failTimes(test, firstTier.limit, "203.0.113.66");
    const throttled = await attempt(test, "203.0.113.66", PASSWORD);
    expect(throttled.ok || throttled.error).toMatchObject({ code: "rate_limited", retryAfterMs: expect.any(Number) });
    expect((await attempt(test, "198.51.100.7", PASSWORD)).ok).toBe(true);
    // Still throttled at the attacker's address: the owner's success elsewhere does not open it.
    expect((await attempt(test, "203.0.113.66", WRONG)).ok || "refused").toBe("refused");
  });

  it("backs off: each spent tier refuses for longer, and the wait ends with its window", async () => {
    const test = setup();
    await signedUp(test);
    await failTimes(test, firstTier.limit, "203.0.113.66");
    const first = await attempt(test, "203.0.113.66");
    if (first.ok || first.error.code !== "rate_limited") throw new Error("expected rate_limited");
    expect(first.error.retryAfterMs).toBeLessThanOrEqual(firstTier.windowMs);
    test.clock.advance(first.error.retryAfterMs ?? 0);
    await failTimes(test, secondTier.limit - firstTier.limit, "203.0.113.66");
    const second = await attempt(test, "203.0.113.66");
    if (second.ok || second.error.code !== "rate_limited") throw new Error("expected rate_limited");
    expect(second.error.retryAfterMs).toBeGreaterThan(firstTier.windowMs);
    expect(second.error.retryAfterMs).toBeLessThanOrEqual(secondTier.windowMs);
    test.clock.advance(second.error.retryAfterMs ?? 0);
    expect((await attempt(test, "203.0.113.66", PASSWORD)).ok).toBe(true);
  });

  it("does not count successful sign-ins", async () => {
    const test = setup();
    await signedUp(test);
    for (let i = 0; i < 3 * DEFAULT_ATTEMPT_LIMITS.signInPerIp[0].limit; i++) expect((await attempt(test, "10.0.0.1", PASSWORD)).ok).toBe(true);
    await failTimes(test, firstTier.limit, "10.0.0.1");
  });

  it("throttles one address guessing across many accounts, not other addresses", async () => {
    const test = setup();
    await signedUp(test);
    const perIp = DEFAULT_ATTEMPT_LIMITS.signInPerIp[0].limit;
    for (let i = 0; i < perIp; i++) await attempt(test, "10.9.9.9", WRONG, `guess${i}@example.com`);
    const refused = await attempt(test, "10.9.9.9", PASSWORD);
    expect(refused.ok || refused.error.code).toBe("rate_limited");
    expect((await attempt(test, "10.0.0.2", PASSWORD)).ok).toBe(true);
  });

  it("lets no more guesses through than the first tier allows when they arrive all at once", async () => {
    const test = setup();
    await signedUp(test);
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt(test, "203.0.113.66")));
    const codes = results.map((result) => (result.ok ? "ok" : result.error.code));
    expect(codes.filter((code) => code === "invalid_credentials")).toHaveLength(firstTier.limit);
    expect(codes.filter((code) => code === "rate_limited")).toHaveLength(20 - firstTier.limit);
  });
});

/** A sign-in use case on the fixture whose password checks are counted: what reaches the KDF. */
function countingChecks(test: Fixture) {
  let checks = 0;
  const hasher: PasswordHasher = { hash: (p) => test.hasher.hash(p), verify: (p, h) => ((checks += 1), test.hasher.verify(p, h)) };
  const signIn = new SignIn({ ...test, hasher });
  return { signIn, checks: () => checks };
}

describe("throttles that hold under concurrency and across a /64", () => {
  it("lets exactly the per-address limit of 150 concurrent sign-ins to 150 emails reach the password check", async () => {
    const test = setup();
    const { signIn, checks } = countingChecks(test);
    const perIp = DEFAULT_ATTEMPT_LIMITS.signInPerIp[0].limit;
    const results = await Promise.all(Array.from({ length: 150 }, (_, i) => signIn.execute({ email: `user${i}@example.com`, password: WRONG, ip: "203.0.113.9" })));
    const codes = results.map((result) => (result.ok ? "ok" : result.error.code));
    expect(checks()).toBe(perIp);
    expect(codes.filter((code) => code === "invalid_credentials")).toHaveLength(perIp);
    expect(codes.filter((code) => code === "rate_limited")).toHaveLength(150 - perIp);
  });

  it("counts an IPv6 client by its /64: 60 guesses from 60 addresses of one /64 get the checks of one address", async () => {
    const test = setup();
    await signedUp(test);
    const { signIn, checks } = countingChecks(test);
    const guess = (i: number) => signIn.execute({ email: "ada@example.com", password: WRONG, ip: `2001:db8:5:6::${(i + 1).toString(16)}` });
    await Promise.all(Array.from({ length: 60 }, (_, i) => guess(i)));
    expect(checks()).toBe(firstTier.limit);
    // An IPv4-mapped address is its IPv4 address: the same bucket as the plain form.
    for (let i = 0; i < firstTier.limit; i++) await attempt(test, "::ffff:198.51.100.20");
    expect((await attempt(test, "198.51.100.20", PASSWORD)).ok || "refused").toBe("refused");
  });

  it("caps failed sign-ins per account from any number of addresses, then lets the owner in once the window ends", async () => {
    const test = setup();
    await signedUp(test);
    const { signIn, checks } = countingChecks(test);
    const [perAccount] = DEFAULT_ATTEMPT_LIMITS.signInPerAccount;
    test.clock.advance(perAccount.windowMs - (test.clock.now() % perAccount.windowMs));
    const guess = (i: number) => signIn.execute({ email: "ADA@example.com", password: WRONG, ip: `198.51.${i >> 8}.${i & 255}` });
    const codes = (await Promise.all(Array.from({ length: 60 }, (_, i) => guess(i)))).map((result) => (result.ok ? "ok" : result.error.code));
    expect(checks()).toBe(perAccount.limit);
    expect(codes.filter((code) => code === "rate_limited")).toHaveLength(60 - perAccount.limit);
    const owner = await attempt(test, "192.0.2.1", PASSWORD);
    expect(owner.ok || owner.error).toEqual({ code: "rate_limited", message: expect.any(String), retryAfterMs: perAccount.windowMs });
    // Refused guesses are not counted: they do not stretch the refusal past its window.
    test.clock.advance(perAccount.windowMs / 2);
    await Promise.all(Array.from({ length: 30 }, (_, i) => guess(100 + i)));
    test.clock.advance(perAccount.windowMs / 2);
    expect((await attempt(test, "192.0.2.1", PASSWORD)).ok).toBe(true);
  });

  it("slows, then refuses for longer: the per-account tiers' waits grow and end with their windows", async () => {
    const test = setup();
    await signedUp(test);
    const [first, second] = DEFAULT_ATTEMPT_LIMITS.signInPerAccount;
    test.clock.advance(second.windowMs - (test.clock.now() % second.windowMs));
    let address = 0;
    const fail = async (times: number) => {
      for (let i = 0; i < times; i++) expect((await attempt(test, `10.7.${address >> 8}.${address++ & 255}`)).ok || "failed").toBe("failed");
    };
    const waits: number[] = [];
    for (let spent = 0; spent < second.limit; spent += first.limit) {
      await fail(first.limit);
      const refused = await attempt(test, "192.0.2.1", PASSWORD);
      if (refused.ok || refused.error.code !== "rate_limited") throw new Error("expected rate_limited");
      waits.push(refused.error.retryAfterMs ?? 0);
      test.clock.advance(waits.at(-1) ?? 0);
    }
    // Slowed for at most a minute while the first tier alone is spent; refused for the rest of 15 minutes after.
    expect(waits.slice(0, -1).every((wait) => wait <= first.windowMs)).toBe(true);
    expect(waits.at(-1)).toBeGreaterThan(first.windowMs);
    expect(waits.at(-1)).toBeLessThanOrEqual(second.windowMs);
    expect((await attempt(test, "192.0.2.1", PASSWORD)).ok).toBe(true);
  });
});
