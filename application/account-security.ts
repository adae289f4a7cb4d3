import type { AddPasskey, PasskeyRegistrationOptions, RemovePasskey } from "./passkeys.ts";
import type { PasskeyAuthenticationOptions, SignInWithPasskey } from "./sign-in-passkey.ts";
import type { SignInWithTotp } from "./sign-in-totp.ts";
import type { DisableTotp, EnableTotp, StartTotpSetup } from "./totp.ts";
import type { ConfirmPasswordReset, RequestPasswordReset } from "./password-reset.ts";
import type { ConfirmEmailVerification, SendEmailVerification } from "./email-verification.ts";
import type { ChangePassword } from "./change-password.ts";
import type { EndAccountSession, EndOtherSessions, ListAccountSessions } from "./account-sessions.ts";
import type { DeleteAccount } from "./delete-account.ts";

// Their dependencies live in account-security-deps.ts: each use case imports those, and this list imports each use case.

/** The account-security use cases the session API and the dashboard call. */
export interface AccountSecurityUseCases {
  readonly startTotpSetup: StartTotpSetup;
  readonly enableTotp: EnableTotp;
  readonly disableTotp: DisableTotp;
  readonly signInWithTotp: SignInWithTotp;
  readonly passkeyRegistrationOptions: PasskeyRegistrationOptions;
  readonly addPasskey: AddPasskey;
  readonly removePasskey: RemovePasskey;
  readonly passkeyAuthenticationOptions: PasskeyAuthenticationOptions;
  readonly signInWithPasskey: SignInWithPasskey;
  readonly requestPasswordReset: RequestPasswordReset;
  readonly confirmPasswordReset: ConfirmPasswordReset;
  readonly sendEmailVerification: SendEmailVerification;
  readonly confirmEmailVerification: ConfirmEmailVerification;
  readonly changePassword: ChangePassword;
  readonly listSessions: ListAccountSessions;
  readonly endSession: EndAccountSession;
  readonly endOtherSessions: EndOtherSessions;
  readonly deleteAccount: DeleteAccount;
}
