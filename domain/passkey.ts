import { hash } from "node:crypto";
import type { Passkey } from "./account.ts";
import { checkDisplayName } from "./display-name.ts";
import type { InputIssue } from "./errors.ts";

/** How long a WebAuthn challenge may be answered (the options' own timeout is the same). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** Bounds the account record: nobody needs more, and each is read on every passkey sign-in. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;
export const MAX_PASSKEY_NAME_LENGTH = 64;

/** A passkey as the API and the dashboard show it: never its public key. */
export interface PasskeyView {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

export const toPasskeyView = (passkey: Passkey): PasskeyView => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: new Date(passkey.createdAt).toISOString(),
  lastUsedAt: passkey.lastUsedAt === undefined ? null : new Date(passkey.lastUsedAt).toISOString(),
});

/** The key of a challenge in the one-time store: its hash, so a store dump holds no answerable challenge. */
export const challengeKey = (ceremony: "registration" | "authentication", challenge: string): string =>
  `passkey-${ceremony}:${hash("sha256", challenge, "hex")}`;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
// Far above any real clientDataJSON or user handle (64 bytes by the spec): a bigger one is refused before decoding.
const MAX_ENCODED_LENGTH = 4096;

const decodeBase64Url = (value: unknown): Buffer | undefined =>
  typeof value === "string" && value.length <= MAX_ENCODED_LENGTH && BASE64URL.test(value) ? Buffer.from(value, "base64url") : undefined;

const fieldOf = (response: unknown, name: string): unknown => {
  if (typeof response !== "object" || response === null) return undefined;
  const inner = (response as { response?: unknown }).response;
  return typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>)[name] : undefined;
};

/**
 * The challenge a WebAuthn response (RegistrationResponseJSON / AuthenticationResponseJSON) claims to answer, read
 * from its clientDataJSON without trusting it: it only finds the stored challenge, which the signature check then binds.
 */
export function readClaimedChallenge(response: unknown): string | undefined {
  const bytes = decodeBase64Url(fieldOf(response, "clientDataJSON"));
  if (!bytes) return undefined;
  try {
    const challenge = (JSON.parse(bytes.toString("utf8")) as { challenge?: unknown }).challenge;
    return typeof challenge === "string" && challenge.length <= 256 && BASE64URL.test(challenge) ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The account id an authentication response's userHandle names (the registration's userID), if any. */
export function readUserHandle(response: unknown): string | undefined {
  const bytes = decodeBase64Url(fieldOf(response, "userHandle"));
  return bytes && bytes.length > 0 ? bytes.toString("utf8") : undefined;
}

/** The credential id (base64url) a response names. */
export function readCredentialId(response: unknown): string | undefined {
  const id = typeof response === "object" && response !== null ? (response as { id?: unknown }).id : undefined;
  return typeof id === "string" && id.length <= 1024 && BASE64URL.test(id) ? id : undefined;
}

/** A passkey's name: the one given (the display-name rule), or "Passkey N" when none; an issue when it cannot be used. */
export function readPasskeyName(raw: unknown, existing: number): { name: string } | { issue: InputIssue } {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return { name: `Passkey ${existing + 1}` };
  const checked = checkDisplayName(raw, MAX_PASSKEY_NAME_LENGTH);
  return checked.ok ? { name: checked.value } : { issue: checked.error };
}
