import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyIdOf, readEncryptionKey, SealedSecretError, SecretSealer } from "./secret-sealer.ts";

const keyText = () => randomBytes(32).toString("base64");
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const CONTEXT = "account:acct_1:totp";

/** The sealed form's data with one byte of its ciphertext flipped. */
function tampered(sealed: string): string {
  const [prefix, version, id, data] = sealed.split(":");
  const bytes = Buffer.from(data, "base64url");
  bytes[14] ^= 0x01;
  return [prefix, version, id, bytes.toString("base64url")].join(":");
}

/** The error `open` throws, for its class and message. */
function openingError(sealer: SecretSealer, stored: string, context: string): Error {
  try {
    sealer.open(stored, context);
  } catch (error) {
    return error as Error;
  }
  throw new Error("it opened");
}

describe("SecretSealer", () => {
  it("opens what it sealed, from the self-describing form enc:v1:<key id>:<data>", () => {
    const key = keyText();
    const sealer = new SecretSealer([key]);
    const sealed = sealer.seal(TOTP_SECRET, CONTEXT);
    expect(sealed).toMatch(new RegExp(`^enc:v1:${keyIdOf(readEncryptionKey(key) as Buffer)}:[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain(TOTP_SECRET);
    expect(sealer.open(sealed, CONTEXT)).toBe(TOTP_SECRET);
  });

  it("draws a new IV each time: one secret sealed twice gives two values, both opening", () => {
    const sealer = new SecretSealer([keyText()]);
    const [one, two] = [sealer.seal(TOTP_SECRET, CONTEXT), sealer.seal(TOTP_SECRET, CONTEXT)];
    expect(one).not.toBe(two);
    expect([sealer.open(one, CONTEXT), sealer.open(two, CONTEXT)]).toEqual([TOTP_SECRET, TOTP_SECRET]);
  });

  it("refuses a value moved to another record or field (the context is authenticated)", () => {
    const sealer = new SecretSealer([keyText()]);
    const sealed = sealer.seal(TOTP_SECRET, CONTEXT);
    for (const elsewhere of ["account:acct_2:totp", "account:acct_1:totp-pending", "webhook:acct_1:secret"]) {
      const error = openingError(sealer, sealed, elsewhere);
      expect(error).toBeInstanceOf(SealedSecretError);
      expect(error.message).toMatch(/did not open with ENCRYPTION_KEY's key [0-9a-f]{8}: it was altered, or copied from another record or field/);
    }
  });

  it("refuses a tampered ciphertext", () => {
    const sealer = new SecretSealer([keyText()]);
    expect(openingError(sealer, tampered(sealer.seal(TOTP_SECRET, CONTEXT)), CONTEXT)).toBeInstanceOf(SealedSecretError);
  });

  it("opens with any listed key and seals with the first (rotation: the new key first, the old one kept)", () => {
    const [oldKey, newKey] = [keyText(), keyText()];
    const sealedBefore = new SecretSealer([oldKey]).seal(TOTP_SECRET, CONTEXT);
    const rotated = new SecretSealer([newKey, oldKey]);
    expect(rotated.open(sealedBefore, CONTEXT)).toBe(TOTP_SECRET);
    expect(rotated.seal(TOTP_SECRET, CONTEXT).split(":")[2]).toBe(keyIdOf(readEncryptionKey(newKey) as Buffer));
  });

  it("names the same key by the same id whether it is written in base64 or hex", () => {
    const bytes = randomBytes(32);
    const sealed = new SecretSealer([bytes.toString("base64")]).seal(TOTP_SECRET, CONTEXT);
    expect(new SecretSealer([bytes.toString("hex")]).open(sealed, CONTEXT)).toBe(TOTP_SECRET);
  });

  it("refuses a value sealed with a key it does not list, naming ENCRYPTION_KEY and the key id, never the value or a key", () => {
    const [gone, listed] = [keyText(), keyText()];
    const sealed = new SecretSealer([gone]).seal(TOTP_SECRET, CONTEXT);
    const error = openingError(new SecretSealer([listed]), sealed, CONTEXT);
    expect(error).toBeInstanceOf(SealedSecretError);
    expect(error.message).toContain(`sealed with key ${keyIdOf(readEncryptionKey(gone) as Buffer)}`);
    expect(error.message).toContain("ENCRYPTION_KEY");
    for (const secret of [TOTP_SECRET, sealed, sealed.split(":")[3], gone, listed]) expect(error.message).not.toContain(secret);
  });

  it("without a key stores values as they are, reads plain ones, and refuses a sealed one saying ENCRYPTION_KEY is not set", () => {
    const none = new SecretSealer();
    expect(none.seal(TOTP_SECRET, CONTEXT)).toBe(TOTP_SECRET);
    expect(none.open(TOTP_SECRET, CONTEXT)).toBe(TOTP_SECRET);
    const error = openingError(none, new SecretSealer([keyText()]).seal(TOTP_SECRET, CONTEXT), CONTEXT);
    expect(error.message).toMatch(/ENCRYPTION_KEY is not set/);
  });

  it("reads a value stored before a key was set as it is (a plain TOTP or webhook secret never starts with enc:)", () => {
    const sealer = new SecretSealer([keyText()]);
    expect(sealer.open(TOTP_SECRET, CONTEXT)).toBe(TOTP_SECRET);
    expect(sealer.open("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "webhook:wh_1:secret")).toBe("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  });

  it.each(["enc:v2:0011aabb:AAAA", "enc:v1:0011aabb", "enc:v1::AAAA"])("refuses a sealed form it does not read (%s)", (stored) => {
    expect(openingError(new SecretSealer([keyText()]), stored, CONTEXT)).toBeInstanceOf(SealedSecretError);
  });

  it.each([
    ["too short", "c2hvcnQ="],
    ["31 bytes in hex", "ab".repeat(31)],
    ["not base64", `${"!".repeat(43)}=`],
  ])("refuses a key that is not 32 bytes as base64 or hex (%s), without showing it", (_, text) => {
    expect(() => new SecretSealer([keyText(), text])).toThrow(/^ENCRYPTION_KEY is invalid \(value not shown: it is a secret\): entry 2 of 2 is not 32 bytes/);
    let message = "";
    try {
      new SecretSealer([text]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^ENCRYPTION_KEY is invalid/);
    expect(message).not.toContain(text);
  });
});
