import type { AccountChangeDeps } from "./account-changes.ts";
import type { ApiKeyStore, FlashStore, InvitationStore } from "./ports.ts";
import type { RevokeKey } from "./revoke-key.ts";
import type { SignUpDeps } from "./sign-up.ts";

// Account security (shared/contract.md, "Email and accounts"): reset, verification, password, sessions, two-factor,
// passkeys, deletion. Every use case of it is built from one set of dependencies.

/** The WebAuthn relying party: PUBLIC_URL's host and origin. */
export interface RelyingParty {
  /** PUBLIC_URL's hostname (no port): the rpID. */
  readonly id: string;
  /** PUBLIC_URL's origin: what a browser's clientDataJSON must name. */
  readonly origin: string;
  readonly name: string;
}

/** What every account-security use case is built from. */
export interface AccountSecurityDeps extends SignUpDeps, AccountChangeDeps {
  /** One-time values (reset, verification and MFA tokens, WebAuthn challenges) by the hash of their token; atomic take. */
  readonly tokens: FlashStore;
  readonly keys: ApiKeyStore;
  readonly revokeKey: RevokeKey;
  readonly invitations: InvitationStore;
  /** Whether email really leaves (SMTP_URL set): then accepting an invitation needs a verified email. */
  readonly emailDelivered: boolean;
  /** Undefined when PUBLIC_URL's host cannot carry passkeys (an IP address): the passkey routes then refuse. */
  readonly relyingParty?: RelyingParty;
}
