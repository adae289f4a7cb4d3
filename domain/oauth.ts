// The authorization server's rules for MCP clients (shared/contract.md, "OAuth for MCP clients"): redirect URIs,
// PKCE (RFC 7636, S256 only), the tokens' shape and lifetimes. Pure: randomness and time come in as arguments.
import { hash } from "node:crypto";
import { isSameHash } from "./api-key.ts";

/** How long each credential lives, in ms. */
export const OAUTH_LIFETIMES = {
  /** One use within a minute (RFC 6749 §4.1.2 recommends at most ten). */
  codeMs: 60_000,
  accessMs: 3_600_000,
  /** Renewed at each rotation: a client used at least monthly never signs in again. */
  refreshMs: 30 * 86_400_000,
  /** A registered client nobody authorized for this long is forgotten (registration is open to anyone). */
  clientMs: 90 * 86_400_000,
  /** A Client ID Metadata Document is fetched again after this long. */
  metadataDocumentMs: 5 * 60_000,
} as const;

/** The prefixes that tell a token's kind at a glance (logs, secret scanners). */
export const TOKEN_PREFIXES = { access: "mcp_at_", refresh: "mcp_rt_", code: "mcp_code_" } as const;
export type TokenKind = keyof typeof TOKEN_PREFIXES;

/** Bytes of CSPRNG output in every token: 256 bits. */
export const TOKEN_BYTES = 32;

export const MAX_REDIRECT_URIS = 10;
export const MAX_REDIRECT_URI_LENGTH = 2000;
export const MAX_CLIENT_NAME_LENGTH = 100;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Why a redirect URI may not be registered, or undefined when it may: an absolute `https:` URL, or `http:` on a
 * loopback host (127.0.0.1, [::1], localhost; any port: RFC 8252 §7.3), with no fragment (RFC 6749 §3.1.2) and no
 * userinfo. It is later matched as the exact string registered.
 */
export function redirectUriProblem(uri: unknown): string | undefined {
  if (typeof uri !== "string" || uri.length === 0) return "must be a non-empty string";
  if (uri.length > MAX_REDIRECT_URI_LENGTH) return `must be at most ${MAX_REDIRECT_URI_LENGTH} characters`;
  // Checked on the text: URL drops an empty fragment ("…/cb#"), and a fragment would be lost on the redirect.
  if (uri.includes("#")) return "must not contain a fragment";
  if (!URL.canParse(uri)) return "must be an absolute URL";
  const url = new URL(uri);
  if (url.username || url.password || /^[a-z]+:\/\/[^/?]*@/i.test(uri)) return "must not contain userinfo";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return url.protocol === "http:" ? "http: is allowed only on a loopback host (127.0.0.1, [::1], localhost)" : "must use https: (or http: on a loopback host)";
}

/** The host a person is told the browser will go back to (the consent page names it). */
export const redirectHostOf = (uri: string): string => new URL(uri).host;

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Whether a code_verifier has RFC 7636 §4.1's form: 43 to 128 unreserved characters. */
export const isValidVerifier = (verifier: string): boolean => VERIFIER.test(verifier);

/** Whether a code_challenge can be an S256 one: base64url of 32 bytes, unpadded. */
export const isValidS256Challenge = (challenge: string): boolean => S256_CHALLENGE.test(challenge);

/** BASE64URL(SHA256(ASCII(code_verifier))) without padding (RFC 7636 §4.2). */
export const s256ChallengeOf = (verifier: string): string => hash("sha256", verifier, "base64url");

/** Whether `verifier` is well formed and its S256 challenge is `challenge` (compared in constant time). */
export const verifiesChallenge = (verifier: string, challenge: string): boolean =>
  isValidVerifier(verifier) && isSameHash(s256ChallengeOf(verifier), challenge);

/** A token of `kind` from `TOKEN_BYTES` random bytes: its prefix and the bytes in base64url. */
export function composeToken(kind: TokenKind, random: Uint8Array): string {
  if (random.length < TOKEN_BYTES) throw new Error(`a token needs ${TOKEN_BYTES} random bytes`);
  return TOKEN_PREFIXES[kind] + Buffer.from(random.subarray(0, TOKEN_BYTES)).toString("base64url");
}

/** Whether `token` has the shape of a token of `kind` (checked before any storage read). */
export const hasTokenShape = (token: string, kind: TokenKind): boolean =>
  token.startsWith(TOKEN_PREFIXES[kind]) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(TOKEN_PREFIXES[kind].length));

/** SHA-256 of a token, hex: the only form a token is stored or looked up in. */
export const hashToken = (token: string): string => hash("sha256", token, "hex");

/** The key a grant creates: `MCP: <client name>`, cut to the key-name limit (64) on a code-point boundary. */
export function grantKeyName(clientName: string, maxLength = 64): string {
  const name = `MCP: ${clientName}`;
  const points = [...name];
  return points.length <= maxLength ? name : `${points.slice(0, maxLength - 1).join("")}…`;
}
