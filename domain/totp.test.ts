import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Account } from "./account.ts";
import { includesHash, livePendingTotp, readMfaRecord, readSecondFactorCode, recoveryCodeOf, spendCode, withoutTotp } from "./totp.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("recoveryCodeOf", () => {
  it.each([
    [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "01234-56789"],
    [[10, 11, 12, 13, 14, 15, 16, 17, 18, 19], "abcde-fghjk"],
    [[20, 21, 22, 23, 24, 25, 26, 27, 28, 29], "mnpqr-stvwx"],
    // Only the low 5 bits of each byte count: 32 reads as 0, 255 as 31 (z).
    [[30, 31, 32, 255, 64, 96, 128, 160, 192, 224], "yz0z0-00000"],
  ])("writes %j as %s (Crockford's alphabet, no i, l, o or u)", (bytes, code) => {
    expect(recoveryCodeOf(Uint8Array.from(bytes))).toBe(code);
  });
});

describe("readSecondFactorCode", () => {
  it.each([
    ["123456", { kind: "totp", code: "123456" }],
    ["123 456", { kind: "totp", code: "123456" }],
    [" 123456\n", { kind: "totp", code: "123456" }],
    ["abcde-fghjk", { kind: "recovery", hash: sha256("abcdefghjk") }],
    ["ABCDE FGHJK", { kind: "recovery", hash: sha256("abcdefghjk") }],
    ["abcdefghjk", { kind: "recovery", hash: sha256("abcdefghjk") }],
    // Misread letters are read as the digits they look like.
    ["OIL00-abcde", { kind: "recovery", hash: sha256("01100abcde") }],
  ])("reads %j", (raw, expected) => {
    expect(readSecondFactorCode(raw)).toEqual(expected);
  });

  it.each([["12345"], ["1234567"], ["abcde-fghju"], ["abcde-fghj"], [""], ["x".repeat(65)], [123456], [null]])("refuses %j", (raw) => {
    expect(readSecondFactorCode(raw)).toBeUndefined();
  });
});

describe("includesHash", () => {
  it("finds a hash among others and not a missing one", () => {
    const hashes = [sha256("a"), sha256("b"), sha256("c")];
    expect(includesHash(hashes, sha256("b"))).toBe(true);
    expect(includesHash(hashes, sha256("d"))).toBe(false);
    expect(includesHash([], sha256("a"))).toBe(false);
  });
});

describe("spendCode", () => {
  const account: Account = {
    id: "acct_1", email: "ada@example.com", passwordHash: "x", createdAt: 0,
    totp: { secret: "SECRET", lastStep: 100, enabledAt: 0 }, recoveryCodeHashes: [sha256("a"), sha256("b")],
  };
  const totp = { kind: "totp", code: "123456" } as const;

  it.each([
    ["a newer step", { secret: "SECRET", step: 101 }, 101],
    ["the last accepted step (a replay)", { secret: "SECRET", step: 100 }, undefined],
    ["an older step", { secret: "SECRET", step: 99 }, undefined],
    ["a step of another secret", { secret: "OTHER", step: 101 }, undefined],
    ["no match", undefined, undefined],
  ])("with %s", (_label, match, lastStep) => {
    expect(spendCode(account, totp, match)?.totp?.lastStep).toBe(lastStep);
  });

  it("removes a recovery code once, and refuses one not there", () => {
    const spent = spendCode(account, { kind: "recovery", hash: sha256("a") }, undefined);
    expect(spent?.recoveryCodeHashes).toEqual([sha256("b")]);
    expect(spent && spendCode(spent, { kind: "recovery", hash: sha256("a") }, undefined)).toBeUndefined();
  });

  it("refuses every code when TOTP is off", () => {
    expect(spendCode(withoutTotp(account), { kind: "recovery", hash: sha256("a") }, undefined)).toBeUndefined();
    expect(withoutTotp(account)).toEqual({ id: "acct_1", email: "ada@example.com", passwordHash: "x", createdAt: 0 });
  });
});

describe("readMfaRecord", () => {
  it.each([["{}"], ["not json"], ['{"accountId":"a","tries":"0","expiresAt":1,"epoch":0}']])("refuses %s", (raw) => {
    expect(readMfaRecord(raw)).toBeUndefined();
  });

  it("reads a stored record", () => {
    expect(readMfaRecord('{"accountId":"a","tries":2,"expiresAt":5,"epoch":1,"extra":true}')).toEqual({ accountId: "a", tries: 2, expiresAt: 5, epoch: 1 });
  });
});

describe("livePendingTotp", () => {
  const T0 = Date.UTC(2026, 0, 1, 12);
  const pending = { secret: "JBSWY3DPEHPK3PXP", createdAt: T0 };
  it.each([
    ["at once", 0, pending],
    ["1 ms before 15 minutes", 15 * 60_000 - 1, pending],
    ["at 15 minutes", 15 * 60_000, undefined],
    ["months later", 90 * 86_400_000, undefined],
  ])("answers a set-up read %s after it started: %j", (_when, elapsed, expected) => {
    expect(livePendingTotp({ totpPending: pending }, T0 + elapsed)).toEqual(expected);
  });

  it("answers undefined when no set-up was started", () => {
    expect(livePendingTotp({}, T0)).toBeUndefined();
  });
});
