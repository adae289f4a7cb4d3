import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { composeSecret, displayPrefix, hashSecret, isSameHash, parseSecret, revoke, toBase62, type ApiKey } from "./api-key.ts";

const BODY = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

describe("API key secrets", () => {
  it.each([
    ["development", "tk_dev_"],
    ["staging", "tk_stg_"],
    ["production", "tk_live_"],
  ] as const)("names the %s environment in the visible prefix %s", (env, prefix) => {
    const secret = composeSecret(env, BODY);
    expect(secret.startsWith(prefix + BODY)).toBe(true);
    expect(parseSecret(secret)).toEqual({ ok: true, env });
    expect(displayPrefix(secret)).toBe(prefix + "AbCd");
  });

  it("carries a checksum that catches every single-character typo", () => {
    const secret = composeSecret("development", BODY);
    for (let i = 7; i < secret.length; i++) {
      const typo = secret.slice(0, i) + (secret[i] === "x" ? "y" : "x") + secret.slice(i + 1);
      expect(parseSecret(typo).ok, `position ${i}`).toBe(false);
    }
  });

  it.each([
    ["truncated", (s: string) => s.slice(0, -1)],
    ["extended", (s: string) => `${s}0`],
    ["unknown environment", (s: string) => s.replace("tk_dev_", "tk_prd_")],
    ["lowercased prefix swapped", (s: string) => s.replace("tk_", "TK_")],
    ["empty", () => ""],
  ])("refuses a %s secret before any lookup", (_name, change) => {
    expect(parseSecret(change(composeSecret("development", BODY))).ok).toBe(false);
  });

  it("hashes with SHA-256 and compares hashes in constant time", () => {
    const secret = composeSecret("development", BODY);
    expect(hashSecret(secret)).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(isSameHash(hashSecret(secret), hashSecret(secret))).toBe(true);
    expect(isSameHash(hashSecret(secret), hashSecret(`${secret}x`))).toBe(false);
    expect(isSameHash(hashSecret(secret), "abcd")).toBe(false);
  });

  it("maps bytes to base62 without bias by skipping bytes of 248 and above", () => {
    expect(toBase62(Uint8Array.from([0, 61, 62, 247, 248, 255, 1]), 5)).toBe("0z0z1");
    expect(toBase62(Uint8Array.from([250, 251]), 1)).toBeUndefined();
  });
});

describe("revoke", () => {
  const key: ApiKey = {
    id: "key_1", name: "n", env: "development", prefix: "tk_dev_AbCd", secretHash: "00", status: "active",
    policy: { limit: 1, windowMs: 1000 }, workspaceId: null, createdAt: 1, lastUsedAt: null, revokedAt: null,
  };

  it("marks the key revoked with the time, once", () => {
    const revoked = revoke(key, 50);
    expect(revoked).toMatchObject({ status: "revoked", revokedAt: 50 });
    expect(revoke(revoked, 99)).toBe(revoked);
  });
});
