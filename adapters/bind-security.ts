// Account security's use cases (application/account-security.ts), built from one set of dependencies.
import { DEFAULT_ATTEMPT_LIMITS } from "../application/attempt-limits.ts";
import { accountLinksOf } from "../application/account-changes.ts";
import type { AccountSecurityDeps, RelyingParty } from "../application/account-security-deps.ts";
import type { AccountSecurityUseCases } from "../application/account-security.ts";
import type { AccountStore, ApiKeyStore, FlashStore, InvitationStore, PasswordHasher, RateLimitStore, SessionStore, WorkspaceStore } from "../application/ports.ts";
import type { RevokeKey } from "../application/revoke-key.ts";
import { PRODUCT_NAME } from "../domain/emails.ts";
import { DEFAULT_SESSION_POLICY } from "../domain/session.ts";
import { ZxcvbnPasswordRater } from "./security/zxcvbn-password-rater.ts";
import { AddPasskey, PasskeyRegistrationOptions, RemovePasskey } from "../application/passkeys.ts";
import { PasskeyAuthenticationOptions, SignInWithPasskey } from "../application/sign-in-passkey.ts";
import { SimpleWebAuthnVerifier } from "./webauthn/simple-webauthn-verifier.ts";
import { SignInWithTotp } from "../application/sign-in-totp.ts";
import { DisableTotp, EnableTotp, StartTotpSetup } from "../application/totp.ts";
import { otpauthTotp } from "./security/otpauth-totp.ts";
import { ConfirmPasswordReset, RequestPasswordReset } from "../application/password-reset.ts";
import { ConfirmEmailVerification, SendEmailVerification } from "../application/email-verification.ts";
import { ChangePassword } from "../application/change-password.ts";
import { EndAccountSession, EndOtherSessions, ListAccountSessions } from "../application/account-sessions.ts";
import { DeleteAccount } from "../application/delete-account.ts";
import { type Container, type Infrastructure, TOKENS } from "./tokens.ts";

/** Every account-security use case on the same dependencies. */
export function securityUseCases(deps: AccountSecurityDeps): AccountSecurityUseCases {
  const passkeys = { ...deps, passkeyVerifier: new SimpleWebAuthnVerifier() };
  const twoFactor = { ...deps, totp: otpauthTotp };
  return {
    startTotpSetup: new StartTotpSetup(twoFactor),
    enableTotp: new EnableTotp(twoFactor),
    disableTotp: new DisableTotp(twoFactor),
    signInWithTotp: new SignInWithTotp(twoFactor),
    passkeyRegistrationOptions: new PasskeyRegistrationOptions(passkeys),
    addPasskey: new AddPasskey(passkeys),
    removePasskey: new RemovePasskey(passkeys),
    passkeyAuthenticationOptions: new PasskeyAuthenticationOptions(passkeys),
    signInWithPasskey: new SignInWithPasskey(passkeys),
    requestPasswordReset: new RequestPasswordReset(deps),
    confirmPasswordReset: new ConfirmPasswordReset(deps),
    sendEmailVerification: new SendEmailVerification(deps),
    confirmEmailVerification: new ConfirmEmailVerification(deps),
    changePassword: new ChangePassword(deps),
    listSessions: new ListAccountSessions(deps),
    endSession: new EndAccountSession(deps),
    endOtherSessions: new EndOtherSessions(deps),
    deleteAccount: new DeleteAccount(deps),
  };
}

/** Binds the account-security use cases (TOKENS.accountSecurity), on the stores the container already holds. */
export function bindSecurity(container: Container, infra: Infrastructure): void {
  const passwordRater = infra.passwordRater ?? new ZxcvbnPasswordRater();
  const { events } = infra;
  container.bind(TOKENS.accountSecurity).toResolvedValue(
    (accounts: AccountStore, workspaces: WorkspaceStore, sessions: SessionStore, hasher: PasswordHasher, limits: RateLimitStore,
      tokens: FlashStore, keys: ApiKeyStore, revokeKey: RevokeKey, invitations: InvitationStore) => securityUseCases({
      accounts, workspaces, sessions, hasher, limits, tokens, keys, revokeKey, invitations, passwordRater,
      secrets: infra.secrets, clock: infra.clock, audit: infra.audit, outbox: events.outbox,
      sessionPolicy: infra.sessionPolicy ?? DEFAULT_SESSION_POLICY, attemptLimits: infra.attemptLimits ?? DEFAULT_ATTEMPT_LIMITS,
      links: events.publicUrl && accountLinksOf(events.publicUrl),
      emailDelivered: events.emailDelivered ?? false,
      relyingParty: events.publicUrl && relyingPartyOf(events.publicUrl),
    }),
    [TOKENS.accountStore, TOKENS.workspaceStore, TOKENS.sessionStore, TOKENS.passwordHasher, TOKENS.rateLimitStore,
      TOKENS.flashStore, TOKENS.apiKeyStore, TOKENS.revokeKey, TOKENS.invitationStore],
  );
}

/** The relying party of a public URL, or undefined when its host is an IP address (WebAuthn needs a domain). */
export function relyingPartyOf(publicUrl: string | (() => string)): RelyingParty | undefined {
  const read = typeof publicUrl === "function" ? publicUrl : () => publicUrl;
  const host = new URL(read()).hostname;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith("[")) return undefined;
  // The origin is read when checked: with PORT=0 the public URL gets its port only once the server listens.
  return { id: host, get origin() { return new URL(read()).origin; }, name: PRODUCT_NAME };
}
