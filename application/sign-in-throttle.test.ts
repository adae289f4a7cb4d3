import { describe, expect, it } from "vitest";
import { createAccountFixture as setup, PASSWORD, signedUp } from "../adapters/testing/accounts.ts";
import { DEFAULT_ATTEMPT_LIMITS } from "./attempt-limits.ts";

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
