import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  composeToken, grantKeyName, hashToken, hasTokenShape, isValidS256Challenge, isValidVerifier, redirectUriProblem, s256ChallengeOf, verifiesChallenge,
} from "./oauth.ts";
import { readScope, toScopeString } from "./oauth-scope.ts";

// RFC 7636 Appendix B.
const RFC_VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const RFC_CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

describe("redirectUriProblem", () => {
  it.each([
    "https://claude.ai/api/mcp/auth_callback",
    "https://vscode.dev/redirect",
    "https://example.com/cb?tenant=1",
    "http://127.0.0.1:33418/callback",
    "http://127.0.0.1/callback",
    "http://[::1]:8080/cb",
    "http://localhost:6274/oauth/callback",
  ])("accepts %s", (uri) => {
    expect(redirectUriProblem(uri)).toBeUndefined();
  });

  it.each([
    ["http://example.com/cb", "loopback"],
    ["http://127.0.0.2/cb", "loopback"],
    ["http://localhost.example.com/cb", "loopback"],
    ["https://example.com/cb#frag", "fragment"],
    ["https://example.com/cb#", "fragment"],
    ["https://user:pw@example.com/cb", "userinfo"],
    ["https://user@example.com/cb", "userinfo"],
    ["cursor://anysphere.cursor/oauth/callback", "https"],
    ["javascript:alert(1)", "https"],
    ["/relative/cb", "absolute"],
    ["", "non-empty"],
    [`https://example.com/${"a".repeat(2000)}`, "2000"],
  ])("refuses %s (%s)", (uri, word) => {
    expect(redirectUriProblem(uri)).toContain(word);
  });

  it("refuses what is not a string", () => {
    expect(redirectUriProblem(42)).toBe("must be a non-empty string");
  });
});

describe("PKCE S256", () => {
  it("computes RFC 7636 Appendix B's challenge from its verifier", () => {
    expect(s256ChallengeOf(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
    expect(verifiesChallenge(RFC_VERIFIER, RFC_CHALLENGE)).toBe(true);
  });

  it("agrees with an independent SHA-256 for a verifier of the longest length", () => {
    const verifier = "~._-".repeat(32);
    expect(s256ChallengeOf(verifier)).toBe(createHash("sha256").update(verifier, "ascii").digest("base64url"));
  });

  it.each([
    ["another verifier", `${RFC_VERIFIER.slice(0, -1)}1`, RFC_CHALLENGE],
    ["the challenge as the verifier (plain method)", RFC_CHALLENGE, RFC_CHALLENGE],
    ["a 42-character verifier", "a".repeat(42), s256ChallengeOf("a".repeat(42))],
    ["a 129-character verifier", "a".repeat(129), s256ChallengeOf("a".repeat(129))],
    ["a verifier with a reserved character", `${"a".repeat(43)}+`, s256ChallengeOf(`${"a".repeat(43)}+`)],
    ["a truncated challenge", RFC_VERIFIER, RFC_CHALLENGE.slice(0, -1)],
  ])("refuses %s", (_, verifier, challenge) => {
    expect(verifiesChallenge(verifier, challenge)).toBe(false);
  });

  it("bounds verifiers to 43–128 unreserved characters and challenges to 43 base64url ones", () => {
    expect(isValidVerifier("a".repeat(43))).toBe(true);
    expect(isValidVerifier("a".repeat(128))).toBe(true);
    expect(isValidVerifier("a".repeat(43) + " ")).toBe(false);
    expect(isValidS256Challenge(RFC_CHALLENGE)).toBe(true);
    expect(isValidS256Challenge(`${RFC_CHALLENGE}=`)).toBe(false);
  });
});

describe("tokens", () => {
  it("are the prefix and 32 random bytes in base64url, stored only as their SHA-256", () => {
    const bytes = new Uint8Array(32).fill(0xfb);
    const token = composeToken("access", bytes);
    // 0xfbfbfb is 111110 111111 101111 111011 in sextets (62 63 47 59: "-_v7"); the last two bytes give "-_s".
    expect(token).toBe(`mcp_at_${"-_v7".repeat(10)}-_s`);
    expect(hasTokenShape(token, "access")).toBe(true);
    expect(hasTokenShape(token, "refresh")).toBe(false);
    expect(hashToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
  });

  it("refuse fewer than 32 random bytes", () => {
    expect(() => composeToken("code", new Uint8Array(31))).toThrow("32 random bytes");
  });
});

describe("grantKeyName", () => {
  it("names the key after the client and cuts a long name to the key-name limit", () => {
    expect(grantKeyName("Claude")).toBe("MCP: Claude");
    const long = grantKeyName("é".repeat(100));
    expect([...long]).toHaveLength(64);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("scope", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["tools", null],
    ["tools:crypto tools", null],
    ["openid profile", null],
    ["tools:crypto tool:hash-text tools:crypto", { categories: ["crypto"], tools: ["hash-text"] }],
  ])("reads %j", (scope, scopes) => {
    expect(readScope(scope)).toEqual(scopes);
  });

  it("writes a key's scopes back as the same string", () => {
    expect(toScopeString(null)).toBe("tools");
    expect(toScopeString({ categories: ["crypto", "text"], tools: ["uuid-generator"] })).toBe("tools:crypto tools:text tool:uuid-generator");
    expect(readScope(toScopeString({ categories: ["text"], tools: ["a"] }))).toEqual({ categories: ["text"], tools: ["a"] });
  });
});
