import { describe, expect, it } from "vitest";
import { type SecurityCore, securityCore } from "../adapters/testing/security-core.ts";
import type { SessionContext } from "./resolve-session.ts";
import { personalWorkspaceOf } from "./account-changes.ts";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "violet kettle marching lantern";
const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? "ok" : result.error?.code);

async function signedIn(test: SecurityCore, userAgent?: string): Promise<string> {
  const result = await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1", userAgent });
  if (!result.ok || result.value.kind !== "signed-in") throw new Error("sign-in failed");
  return result.value.token;
}

async function contextOf(test: SecurityCore, token: string): Promise<SessionContext> {
  const resolved = await test.resolve.execute({ token });
  if (!resolved.ok) throw new Error(resolved.error.message);
  return resolved.value;
}

async function twoSessions(test: SecurityCore) {
  const signedUp = await test.signUp.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
  if (!signedUp.ok) throw new Error(signedUp.error.message);
  await test.takeEmails();
  return { mine: signedUp.value.token, other: await signedIn(test, "Other browser") };
}

const change = async (test: SecurityCore, token: string, currentPassword: unknown, newPassword: unknown, ip = "10.0.0.9") => {
  const { account, session } = await contextOf(test, token);
  return test.security.changePassword.execute({ account, session, currentPassword, newPassword, ip });
};

describe("changing the password", () => {
  it("ends every other session at once while the current one stays, and the new password signs in", async () => {
    const test = securityCore();
    const { mine, other } = await twoSessions(test);
    expect(codeOf(await change(test, mine, PASSWORD, NEW_PASSWORD))).toBe("ok");
    expect(codeOf(await test.resolve.execute({ token: other }))).toBe("unauthorized");
    expect(codeOf(await test.resolve.execute({ token: mine }))).toBe("ok");
    expect(codeOf(await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.2" }))).toBe("invalid_credentials");
    expect(codeOf(await test.signIn.execute({ email: "ada@example.com", password: NEW_PASSWORD, ip: "10.0.0.2" }))).toBe("ok");
    // The one kept can change it again: its epoch moved with the account's.
    expect(codeOf(await change(test, mine, NEW_PASSWORD, "amber quartz riverbank piano"))).toBe("ok");
    expect(codeOf(await test.resolve.execute({ token: mine }))).toBe("ok");
  });

  it("of two changes from two sessions at once, lets exactly one land: its session stays, the other's ends", async () => {
    const test = securityCore();
    const { mine, other } = await twoSessions(test);
    // Both read the account before either lands, as two concurrent requests do.
    const [a, b] = [await contextOf(test, mine), await contextOf(test, other)];
    const results = await Promise.all([
      test.security.changePassword.execute({ ...a, currentPassword: PASSWORD, newPassword: NEW_PASSWORD, ip: "10.0.0.9" }),
      test.security.changePassword.execute({ ...b, currentPassword: PASSWORD, newPassword: "amber quartz riverbank piano", ip: "10.0.0.9" }),
    ]);
    const codes = results.map(codeOf);
    // The loser is refused as a wrong current password, or, when the winner ended its session first, as signed out.
    expect([...codes].sort()).toEqual([expect.stringMatching(/^(invalid_credentials|ok)$/), expect.stringMatching(/^(ok|unauthorized)$/)]);
    expect(codes.filter((code) => code === "ok")).toHaveLength(1);
    const [winner, loser] = codes[0] === "ok" ? [mine, other] : [other, mine];
    expect(codeOf(await test.resolve.execute({ token: winner }))).toBe("ok");
    expect(codeOf(await test.resolve.execute({ token: loser }))).toBe("unauthorized");
    const landed = codes[0] === "ok" ? NEW_PASSWORD : "amber quartz riverbank piano";
    expect(codeOf(await test.signIn.execute({ email: "ada@example.com", password: landed, ip: "10.0.0.2" }))).toBe("ok");
  });

  it("records account.password_changed in the personal workspace and emails a notice", async () => {
    const test = securityCore();
    const { mine } = await twoSessions(test);
    await change(test, mine, PASSWORD, NEW_PASSWORD);
    const account = await test.accounts.findByEmail("ada@example.com");
    const personal = await personalWorkspaceOf(test.workspaces, account?.id ?? "");
    const types = (await test.audit.list(personal?.id ?? null, 50)).map((event) => event.type);
    expect(types).toContain("account.password_changed");
    const emails = await test.takeEmails();
    expect(emails.map((email) => [email.to, email.subject])).toEqual([["ada@example.com", "Tool Execution API: Your password was changed"]]);
  });

  it("refuses a wrong current password with 401, changing nothing, and counts it in the account's sign-in failures", async () => {
    const test = securityCore();
    const { mine, other } = await twoSessions(test);
    const results = [];
    for (let i = 0; i < 11; i++) results.push(codeOf(await change(test, mine, "not the password at all", NEW_PASSWORD, `10.0.${i}.1`)));
    expect(results.slice(0, 10)).toEqual(Array(10).fill("invalid_credentials"));
    // The per-account tier (10 a minute, whatever the address) is spent: sign-in is slowed too.
    expect(results[10]).toBe("rate_limited");
    expect(codeOf(await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.9.9.9" }))).toBe("rate_limited");
    expect(codeOf(await test.resolve.execute({ token: other }))).toBe("ok");
    expect(await test.takeEmails()).toEqual([]);
  });

  it("refuses a short, malformed or guessable new password with 422 at /newPassword, and a missing current one at /currentPassword", async () => {
    const test = securityCore();
    const { mine, other } = await twoSessions(test);
    for (const newPassword of ["short", 42, "password1234"]) {
      const result = await change(test, mine, PASSWORD, newPassword);
      expect(result.ok || result.error).toMatchObject({ code: "invalid_input", details: [{ path: "/newPassword" }] });
    }
    const missing = await change(test, mine, undefined, NEW_PASSWORD);
    expect(missing.ok || missing.error).toMatchObject({ code: "invalid_input", details: [{ path: "/currentPassword" }] });
    expect(codeOf(await test.resolve.execute({ token: other }))).toBe("ok");
  });
});
