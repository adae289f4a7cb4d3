import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  accountIdOfResetToken, isVerificationToken, passwordFingerprint, readResetRecord, readVerificationRecord, resetTokenKey, resetTokenOf, sameDigest,
} from "./account-tokens.ts";

const SECRET = "A".repeat(43);

describe("reset tokens", () => {
  it.each([
    [resetTokenOf("acct_abc123", SECRET), "acct_abc123"],
    [`acct_abc123.${SECRET}x`, undefined],
    [`acct_abc123.${"A".repeat(42)}`, undefined],
    [`acct_a.b.${SECRET}`, undefined],
    [`key_abc.${SECRET}`, undefined],
    [SECRET, undefined],
    [42, undefined],
  ])("%s names account %s", (token, accountId) => {
    expect(accountIdOfResetToken(token)).toBe(accountId);
  });

  it("is stored under its SHA-256, never as itself", () => {
    const token = resetTokenOf("acct_abc123", SECRET);
    expect(resetTokenKey(token)).toBe(`reset:${createHash("sha256").update(token).digest("hex")}`);
    expect(resetTokenKey(token)).not.toContain(SECRET);
  });

  it("fingerprints each password hash differently, and compares digests whole", () => {
    const a = passwordFingerprint("scrypt$1$salt$one");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(passwordFingerprint("scrypt$1$salt$two")).not.toBe(a);
    expect([sameDigest(a, a), sameDigest(a, a.slice(1)), sameDigest(a, `${a.slice(0, -1)}${a.endsWith("0") ? "1" : "0"}`)]).toEqual([true, false, false]);
  });
});

describe("stored records", () => {
  it.each([
    ['{"accountId":"acct_a","fingerprint":"f","expiresAt":5}', { accountId: "acct_a", fingerprint: "f", expiresAt: 5 }],
    ['{"accountId":"acct_a","fingerprint":"f"}', undefined],
    ["not json", undefined],
    ["null", undefined],
  ])("reads %s as a reset record: %o", (raw, record) => {
    expect(readResetRecord(raw)).toEqual(record);
  });

  it("reads a verification record with its address, and nothing else", () => {
    expect(readVerificationRecord('{"accountId":"acct_a","email":"a@b.co","expiresAt":1}')).toEqual({ accountId: "acct_a", email: "a@b.co", expiresAt: 1 });
    expect(readVerificationRecord('{"accountId":"acct_a","expiresAt":1}')).toBeUndefined();
    expect([isVerificationToken(SECRET), isVerificationToken(`${SECRET}=`), isVerificationToken(undefined)]).toEqual([true, false, false]);
  });
});
