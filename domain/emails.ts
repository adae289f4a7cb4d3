import type { EmailMessage } from "./event.ts";
import type { Role } from "./workspace.ts";

/** The product's name as emails show it. */
export const PRODUCT_NAME = "Tool Execution API";

/** What an invitation email says: who invited whom, where, as what, and the one-time link. */
export interface InvitationEmailInput {
  /** The invitee's address. */
  readonly to: string;
  readonly workspaceName: string;
  readonly inviterEmail: string;
  readonly role: Role;
  /** `<PUBLIC_URL>/dashboard/invitations/<token>`. */
  readonly acceptUrl: string;
  /** Epoch ms when the link stops working. */
  readonly expiresAt: number;
}

/** The email that carries an invitation's accept link to the invitee (plain text, the link on its own line). */
export function invitationEmail(input: InvitationEmailInput): EmailMessage {
  const inviter = oneLine(input.inviterEmail);
  const workspace = oneLine(input.workspaceName);
  const text = [
    `${inviter} invited you to join the workspace "${workspace}" on ${PRODUCT_NAME} as ${withArticle(input.role)}.`,
    "",
    "To accept, open this link (it works once):",
    "",
    input.acceptUrl,
    "",
    `The link expires on ${toUtcText(input.expiresAt)}.`,
    "If you did not expect this invitation, you can ignore this email.",
    "",
  ].join("\n");
  return { to: input.to, subject: `${inviter} invited you to ${workspace} on ${PRODUCT_NAME}`, text };
}

/** `2025-01-08 12:00 UTC`: one reading for every reader, whatever their time zone. */
export const toUtcText = (epochMs: number): string => `${new Date(epochMs).toISOString().slice(0, 16).replace("T", " ")} UTC`;

// Names are checked when they are chosen, but a subject is a header: a line break there must never reach it.
const oneLine = (text: string): string => text.replace(/[\x00-\x1f\x7f\u2028\u2029]+/g, " ").trim();

const withArticle = (role: Role): string => (/^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`);

/** The email that carries a password reset link (`<PUBLIC_URL>/dashboard/reset-password/<token>`). */
export function passwordResetEmail(input: { readonly to: string; readonly resetUrl: string; readonly expiresAt: number }): EmailMessage {
  const text = [
    `Someone asked to reset the password of your ${PRODUCT_NAME} account (${oneLine(input.to)}).`,
    "",
    "To choose a new password, open this link (it works once):",
    "",
    input.resetUrl,
    "",
    `The link expires on ${toUtcText(input.expiresAt)}. Every session of the account ends when the password changes.`,
    "If you did not ask for this, ignore this email: your password stays as it is.",
    "",
  ].join("\n");
  return { to: input.to, subject: `Reset your ${PRODUCT_NAME} password`, text };
}

/** The email that carries an address verification link (`<PUBLIC_URL>/dashboard/verify-email/<token>`). */
export function verificationEmail(input: { readonly to: string; readonly verifyUrl: string; readonly expiresAt: number }): EmailMessage {
  const text = [
    `Confirm that ${oneLine(input.to)} is the address of your ${PRODUCT_NAME} account by opening this link (it works once):`,
    "",
    input.verifyUrl,
    "",
    `The link expires on ${toUtcText(input.expiresAt)}.`,
    "If you did not sign up, ignore this email.",
    "",
  ].join("\n");
  return { to: input.to, subject: `Verify your email address for ${PRODUCT_NAME}`, text };
}

/** The security changes an account owner is told of by email. */
export type SecurityNotice = "password_changed" | "password_reset" | "totp_enabled" | "totp_disabled" | "passkey_added";

const NOTICE_TEXT: Record<SecurityNotice, { readonly subject: string; readonly what: string }> = {
  password_changed: { subject: "Your password was changed", what: "The password of your account was changed; every other session was signed out." },
  password_reset: { subject: "Your password was reset", what: "The password of your account was reset with a link sent to this address; every session was signed out." },
  totp_enabled: { subject: "Two-factor sign-in was turned on", what: "Two-factor sign-in (an authenticator app code) was turned on for your account." },
  totp_disabled: { subject: "Two-factor sign-in was turned off", what: "Two-factor sign-in was turned off for your account: a password alone now signs in." },
  passkey_added: { subject: "A passkey was added", what: "A passkey was added to your account: it can now sign in without a password." },
};

/** The notice of a security change, sent to the account's address whether or not the owner made it. */
export function securityNoticeEmail(input: { readonly to: string; readonly notice: SecurityNotice; readonly at: number; readonly accountUrl: string; readonly detail?: string }): EmailMessage {
  const { subject, what } = NOTICE_TEXT[input.notice];
  const text = [
    `${what}${input.detail ? ` (${oneLine(input.detail)})` : ""}`,
    "",
    `When: ${toUtcText(input.at)}`,
    "",
    "If this was you, there is nothing to do. If it was not, reset your password at once and review your account's",
    "sessions, two-factor sign-in and passkeys:",
    "",
    input.accountUrl,
    "",
  ].join("\n");
  return { to: input.to, subject: `${PRODUCT_NAME}: ${subject}`, text };
}
