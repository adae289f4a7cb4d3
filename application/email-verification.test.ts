import { describe, expect, it } from "vitest";
import { linkIn, SECURITY_PUBLIC_URL, type SecurityCore, securityCore, tokenOf } from "../adapters/testing/security-core.ts";
import type { Account } from "../domain/account.ts";

const PASSWORD = "correct horse battery";
const DAY = 24 * 3_600_000;

async function account(test: SecurityCore, email = "ada@example.com"): Promise<Account> {
  const found = await test.accounts.findByEmail(email);
  if (!found) throw new Error("no account");
  return found;
}

/** Signs up and returns the token of the verification link sent at sign-up. */
async function signUpToken(test: SecurityCore, email = "ada@example.com"): Promise<string> {
  const result = await test.signUp.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  if (!result.ok) throw new Error(result.error.message);
  const emails = await test.takeEmails();
  expect(emails.map((one) => one.to)).toEqual([email]);
  return tokenOf(linkIn(emails[0], "/dashboard/verify-email/"));
}

const confirm = (test: SecurityCore, token: unknown) => test.security.confirmEmailVerification.execute({ token });
const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? "ok" : result.error?.code);

describe("email verification", () => {
  it("sends a link under PUBLIC_URL at sign-up; opening it marks the email verified", async () => {
    const test = securityCore();
    const result = await test.signUp.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    expect(result.ok && result.value.account.emailVerified).toBe(false);
    const [email] = await test.takeEmails();
    const link = linkIn(email, "/dashboard/verify-email/");
    expect(link.startsWith(`${SECURITY_PUBLIC_URL}/dashboard/verify-email/`)).toBe(true);
    const confirmed = await confirm(test, tokenOf(link));
    expect(confirmed.ok && confirmed.value).toMatchObject({ email: "ada@example.com", emailVerified: true });
    expect((await account(test)).emailVerified).toBe(true);
  });

  it("works once", async () => {
    const test = securityCore();
    const token = await signUpToken(test);
    expect(codeOf(await confirm(test, token))).toBe("ok");
    expect(codeOf(await confirm(test, token))).toBe("not_found");
  });

  it.each([
    [DAY - 1, "ok"],
    [DAY, "not_found"],
  ])("works until 24 hours after it was sent: %i ms later → %s", async (laterMs, expected) => {
    const test = securityCore();
    const token = await signUpToken(test);
    test.clock.advance(laterMs);
    expect(codeOf(await confirm(test, token))).toBe(expected);
    expect((await account(test)).emailVerified === true).toBe(expected === "ok");
  });

  it("of 5 concurrent confirmations of one link, exactly one wins", async () => {
    const test = securityCore();
    const token = await signUpToken(test);
    const results = await Promise.all(Array.from({ length: 5 }, () => confirm(test, token)));
    expect(results.map(codeOf).sort()).toEqual(["not_found", "not_found", "not_found", "not_found", "ok"]);
  });

  it("is bound to the account it was sent for: once that account is deleted, a new account of the address is not verified by it", async () => {
    const test = securityCore();
    const token = await signUpToken(test);
    await test.accounts.delete((await account(test)).id);
    await signUpToken(test);
    expect(codeOf(await confirm(test, token))).toBe("not_found");
    expect((await account(test)).emailVerified).toBeUndefined();
  });

  it("answers one 404 for unknown and malformed tokens", async () => {
    const test = securityCore();
    await signUpToken(test);
    const answers = await Promise.all(["A".repeat(43), "short", 7, undefined].map((token) => confirm(test, token)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(codeOf(answers[0])).toBe("not_found");
  });

  it("sends a new link on request, at most 5 an hour per account, and none once verified", async () => {
    const test = securityCore();
    const first = await signUpToken(test);
    const results = [];
    for (let i = 0; i < 6; i++) results.push(codeOf(await test.security.sendEmailVerification.execute({ account: await account(test) })));
    expect(results).toEqual(["ok", "ok", "ok", "ok", "ok", "rate_limited"]);
    const sent = await test.takeEmails();
    expect(sent).toHaveLength(5);
    // Every link sent works (each is its own token), until one is used: the rest stay usable but change nothing.
    expect(codeOf(await confirm(test, tokenOf(linkIn(sent[4], "/dashboard/verify-email/"))))).toBe("ok");
    expect(codeOf(await confirm(test, first))).toBe("ok");
    test.clock.advance(3_600_000);
    const again = await test.security.sendEmailVerification.execute({ account: await account(test) });
    expect(again.ok && again.value).toEqual({ sent: false });
    expect(await test.takeEmails()).toEqual([]);
  });
});

describe("invitations where email is delivered", () => {
  it("need a verified email to be accepted", async () => {
    const test = securityCore({ emailDelivered: true });
    const token = await signUpToken(test);
    const { acceptInvitation, inviteMember, createWorkspace } = test.members;
    const owner = await test.signUp.execute({ email: "owner@example.com", password: PASSWORD, ip: "10.0.0.5" });
    if (!owner.ok) throw new Error("no owner");
    const workspace = await createWorkspace.execute({ accountId: owner.value.account.id, name: "Team" });
    if (!workspace.ok) throw new Error("no workspace");
    const invited = await inviteMember.execute({ accountId: owner.value.account.id, workspaceId: workspace.value.id, email: "ada@example.com", role: "member" });
    if (!invited.ok) throw new Error(invited.error.message);
    const { id } = await account(test);
    const refused = await acceptInvitation.execute({ accountId: id, token: invited.value.token });
    expect(refused.ok || refused.error).toMatchObject({ code: "forbidden", message: expect.stringMatching(/verify your email/i) });
    expect(codeOf(await confirm(test, token))).toBe("ok");
    expect(codeOf(await acceptInvitation.execute({ accountId: id, token: invited.value.token }))).toBe("ok");
  });
});
