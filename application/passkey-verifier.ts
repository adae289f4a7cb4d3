import type { Passkey } from "../domain/account.ts";
import type { RelyingParty } from "./account-security-deps.ts";

/** What a verified registration proves of a new credential: all that is stored of it (no secret). */
export interface VerifiedCredential {
  /** The credential id, base64url. */
  readonly id: string;
  /** COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports?: readonly string[];
}

/** The user a registration is for. */
export interface PasskeyUser {
  /** Becomes the credential's user handle, so a discoverable sign-in names the account. */
  readonly accountId: string;
  readonly email: string;
}

/**
 * The WebAuthn ceremonies (a library such as @simplewebauthn/server). Options are JSON for the browser; challenges are
 * base64url strings the caller made and keeps one-time. Verification demands user verification, the relying party's
 * origin and id, and the exact challenge. A response that does not verify, for any reason (malformed, forged, wrong
 * challenge, origin or counter), gives undefined: never a throw, so a bad body cannot reach the bug path.
 */
export interface PasskeyVerifier {
  /** Creation options for a discoverable credential with user verification, excluding the user's existing passkeys. */
  registrationOptions(rp: RelyingParty, user: PasskeyUser, challenge: string, exclude: readonly Passkey[]): Promise<unknown>;
  /** The new credential of a registration response answering `challenge`, or undefined. */
  verifyRegistration(rp: RelyingParty, response: unknown, challenge: string): Promise<VerifiedCredential | undefined>;
  /** Request options for a discoverable sign-in (no allowCredentials) with user verification. */
  authenticationOptions(rp: RelyingParty, challenge: string): Promise<unknown>;
  /**
   * The signature counter of an authentication response by `passkey` answering `challenge`, or undefined; a counter
   * that does not grow (when either it or the stored one is non-zero) is refused as a cloned authenticator.
   */
  verifyAuthentication(rp: RelyingParty, response: unknown, challenge: string, passkey: Passkey): Promise<{ readonly counter: number } | undefined>;
}
