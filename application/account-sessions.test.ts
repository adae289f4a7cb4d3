import { describe, expect, it } from "vitest";
import { type SecurityCore, securityCore } from "../adapters/testing/security-core.ts";
import { DEFAULT_SESSION_POLICY, hashSessionToken, publicSessionId } from "../domain/session.ts";
import type { SessionContext } from "./resolve-session.ts";

const PASSWORD = "correct horse battery";
const MINUTE = 60_000;
const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? "ok" : result.error?.code);

async function signedIn(test: SecurityCore, email: string, userAgent?: string): Promise<string> {
  const result = await test.signIn.execute({ email, password: PASSWORD, ip: "10.0.0.1", userAgent });
  if (!result.ok || result.value.kind !== "signed-in") throw new Error("sign-in failed");
  return result.value.token;
}

async function owner(test: SecurityCore, token: string): Promise<Pick<SessionContext, "account" | "session">> {
  const resolved = await test.resolve.execute({ token });
  if (!resolved.ok) throw new Error(resolved.error.message);
  return resolved.value;
}

async function setUp() {
  const test = securityCore();
  for (const email of ["ada@example.com", "bob@example.com"]) await test.signUp.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  test.clock.advance(MINUTE);
  const phone = await signedIn(test, "ada@example.com", "Phone browser");
  test.clock.advance(MINUTE);
  const laptop = await signedIn(test, "ada@example.com", "Laptop browser");
  const bob = await signedIn(test, "bob@example.com", "Bob's browser");
  return { test, phone, laptop, bob };
}

describe("the account's sessions", () => {
  it("lists only the caller's live sessions, newest first, with the user agent and which one is current", async () => {
    const { test, phone, laptop } = await setUp();
    const list = await test.security.listSessions.execute(await owner(test, laptop));
    const start = Date.UTC(2026, 0, 1, 12);
    expect(list.map(({ userAgent, current, createdAt }) => [userAgent, current, createdAt])).toEqual([
      ["Laptop browser", true, new Date(start + 2 * MINUTE).toISOString()],
      ["Phone browser", false, new Date(start + MINUTE).toISOString()],
      [null, false, new Date(start).toISOString()],
    ]);
    expect(list[1].id).toBe(publicSessionId({ id: hashSessionToken(phone) }));
    expect(JSON.stringify(list)).not.toContain(hashSessionToken(phone));
    // Past its idle expiry (the laptop stays in use), a session leaves the list.
    test.clock.advance(DEFAULT_SESSION_POLICY.idleMs - MINUTE);
    await test.resolve.execute({ token: laptop });
    test.clock.advance(2 * MINUTE);
    const later = await test.security.listSessions.execute(await owner(test, laptop));
    expect(later.map((session) => session.userAgent)).toEqual(["Laptop browser"]);
  });

  it("ends one session by its id at once, and answers 404 for another account's session or an ended one", async () => {
    const { test, phone, laptop, bob } = await setUp();
    const caller = await owner(test, laptop);
    const phoneId = publicSessionId({ id: hashSessionToken(phone) });
    const bobId = publicSessionId({ id: hashSessionToken(bob) });
    expect(codeOf(await test.security.endSession.execute({ ...caller, sessionId: bobId }))).toBe("not_found");
    expect(codeOf(await test.resolve.execute({ token: bob }))).toBe("ok");
    const ended = await test.security.endSession.execute({ ...caller, sessionId: phoneId });
    expect(ended.ok && ended.value).toMatchObject({ id: phoneId, userAgent: "Phone browser", current: false });
    expect(codeOf(await test.resolve.execute({ token: phone }))).toBe("unauthorized");
    expect(codeOf(await test.security.endSession.execute({ ...caller, sessionId: phoneId }))).toBe("not_found");
    expect(codeOf(await test.resolve.execute({ token: laptop }))).toBe("ok");
  });

  it("stays ended when it is ended while a request of its own records its use (30 trials, the request a step later each time)", async () => {
    const { test, laptop } = await setUp();
    const caller = await owner(test, laptop);
    const survivors: number[] = [];
    for (let trial = 0; trial < 30; trial++) {
      const signIn = await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: `10.0.1.${trial}`, userAgent: "Phone browser" });
      if (!signIn.ok || signIn.value.kind !== "signed-in") throw new Error("sign-in failed");
      const phone = signIn.value.token;
      // A minute on, the phone's next request writes when it was last seen.
      test.clock.advance(MINUTE);
      const ending = test.security.endSession.execute({ ...caller, sessionId: publicSessionId({ id: hashSessionToken(phone) }) });
      for (let step = 0; step < trial; step++) await Promise.resolve();
      await Promise.all([test.resolve.execute({ token: phone }), ending]);
      if (codeOf(await test.resolve.execute({ token: phone })) !== "unauthorized") survivors.push(trial);
    }
    expect(survivors).toEqual([]);
  });

  it("ends every other session of the account, never the current one nor another account's", async () => {
    const { test, phone, laptop, bob } = await setUp();
    expect(await test.security.endOtherSessions.execute(await owner(test, laptop))).toEqual({ ended: 2 });
    expect(codeOf(await test.resolve.execute({ token: phone }))).toBe("unauthorized");
    expect(codeOf(await test.resolve.execute({ token: laptop }))).toBe("ok");
    expect(codeOf(await test.resolve.execute({ token: bob }))).toBe("ok");
    const list = await test.security.listSessions.execute(await owner(test, laptop));
    expect(list.map((session) => session.current)).toEqual([true]);
  });
});
