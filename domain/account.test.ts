import { describe, expect, it } from "vitest";
import { checkSignIn, checkSignUp, emailBucketId, normalizeEmail, toAccountView } from "./account.ts";

describe("checkSignUp", () => {
  it.each([
    ["ada@example.com", "twelve chars", []],
    [" Ada@Example.COM ", "correct horse battery", []],
    ["ada@example.com", "elevenchars", ["/password"]],
    ["ada@example.com", "😀".repeat(12), []],
    ["ada@example.com", "x".repeat(1025), ["/password"]],
    ["not-an-email", "twelve chars", ["/email"]],
    ["ada@localhost", "twelve chars", ["/email"]],
    ["a b@example.com", "twelve chars", ["/email"]],
    [42, null, ["/email", "/password"]],
  ])("%j / %j → problems at %j", (email, password, paths) => {
    expect(checkSignUp(email, password).map((issue) => issue.path)).toEqual(paths);
  });
});

describe("checkSignIn", () => {
  it.each([
    ["ada@example.com", "anything", []],
    ["", "anything", ["/email"]],
    ["ada@example.com", "", ["/password"]],
    [undefined, undefined, ["/email", "/password"]],
  ])("%j / %j → problems at %j (shape only, never correctness)", (email, password, paths) => {
    expect(checkSignIn(email, password).map((issue) => issue.path)).toEqual(paths);
  });
});

describe("accounts", () => {
  it("normalizes emails so one mailbox is one account", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(emailBucketId("Ada@Example.com")).toBe(emailBucketId("ada@example.com "));
    expect(emailBucketId("ada@example.com")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("shows an account without its password hash or any second-factor secret", () => {
    const view = toAccountView({ id: "acct_1", email: "ada@example.com", passwordHash: "scrypt$…", createdAt: 0 });
    expect(view).toEqual({ id: "acct_1", email: "ada@example.com", createdAt: "1970-01-01T00:00:00.000Z", emailVerified: false, totpEnabled: false });
    const secured = toAccountView({
      id: "acct_1", email: "ada@example.com", passwordHash: "scrypt$…", createdAt: 0, emailVerified: true,
      totp: { secret: "JBSWY3DPEHPK3PXP", lastStep: 1, enabledAt: 0 }, recoveryCodeHashes: ["ab"],
      passkeys: [{ id: "cred", name: "Laptop", publicKey: "pk", counter: 0, createdAt: 0 }],
    });
    expect(secured).toEqual({ id: "acct_1", email: "ada@example.com", createdAt: "1970-01-01T00:00:00.000Z", emailVerified: true, totpEnabled: true });
  });
});
