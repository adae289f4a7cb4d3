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
