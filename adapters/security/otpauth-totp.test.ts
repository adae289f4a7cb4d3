import { describe, expect, it } from "vitest";
import { otpauthTotp } from "./otpauth-totp.ts";

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890"; its 8-digit codes, cut to the 6 digits apps show.
const RFC_SECRET = otpauthTotp.encodeSecret(new TextEncoder().encode("12345678901234567890"));
const RFC_VECTORS = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
] as const;

describe("otpauthTotp", () => {
  it("encodes the RFC 6238 seed as RFC 4648 base32", () => {
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it.each(RFC_VECTORS)("matches the RFC 6238 SHA-1 vector at T=%i s to its own 30 s step", (seconds, code) => {
    expect(otpauthTotp.matchStep(RFC_SECRET, code, seconds * 1000)).toBe(Math.floor(seconds / 30));
  });

  it("accepts a code one step either side of now, and no further", () => {
    // 287082 is the code of step 1 (30 s to 59 s).
    expect(otpauthTotp.matchStep(RFC_SECRET, "287082", 0)).toBe(1);
    expect(otpauthTotp.matchStep(RFC_SECRET, "287082", 89_999)).toBe(1);
    expect(otpauthTotp.matchStep(RFC_SECRET, "287082", 90_000)).toBeUndefined();
    expect(otpauthTotp.matchStep(RFC_SECRET, "287083", 59_000)).toBeUndefined();
  });

  it.each(["", "28708", "2870820", "28708a", " 287082"])("refuses the malformed code %j without throwing", (code) => {
    expect(otpauthTotp.matchStep(RFC_SECRET, code, 59_000)).toBeUndefined();
  });

  it("writes the otpauth:// URL authenticator apps read: issuer, account, secret, SHA-1, 6 digits, 30 s", () => {
    const url = new URL(otpauthTotp.keyUri(RFC_SECRET, "Tool Execution API", "ada@example.com"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Tool Execution API:ada@example.com");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: RFC_SECRET, issuer: "Tool Execution API", algorithm: "SHA1", digits: "6", period: "30",
    });
  });
});
