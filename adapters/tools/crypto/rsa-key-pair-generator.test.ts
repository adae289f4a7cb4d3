import { createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { rsaKeyPairGenerator } from "./rsa-key-pair-generator.ts";
import { outputOf, refusalOf, zeroContext } from "../testing/tool-harness.ts";

describe("rsa-key-pair-generator", () => {
  it("generates keys that re-import with the requested size and sign/verify as a pair", async () => {
    const pair = await outputOf(rsaKeyPairGenerator, { modulusLength: 2048 }, zeroContext);
    const publicKey = createPublicKey(pair.publicKeyPem);
    const privateKey = createPrivateKey(pair.privateKeyPem);
    expect(publicKey.asymmetricKeyType).toBe("rsa");
    expect(publicKey.asymmetricKeyDetails).toMatchObject({ modulusLength: 2048, publicExponent: 65537n });
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const message = Buffer.from("round trip");
    const signature = sign("sha256", message, privateKey);
    expect(verify("sha256", message, publicKey, signature)).toBe(true);
    expect(verify("sha256", Buffer.from("tampered"), publicKey, signature)).toBe(false);
  });

  it("emits SPKI and unencrypted PKCS#8 PEM, and a new pair each call", async () => {
    const first = await outputOf(rsaKeyPairGenerator, {}, zeroContext);
    const second = await outputOf(rsaKeyPairGenerator, {}, zeroContext);
    expect(first.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(first.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(first.modulusLength).toBe(2048);
    expect(first.privateKeyPem).not.toBe(second.privateKeyPem);
  });

  it.each([1024, 2047, 8192])("refuses modulusLength %i", async (modulusLength) => {
    expect((await refusalOf(rsaKeyPairGenerator, { modulusLength })) === "schema").toBe(true);
  });
});
