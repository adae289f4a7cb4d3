import type { ChangeMarked } from "./change-ids.ts";
import { hash } from "node:crypto";
import type { Role } from "./workspace.ts";

/** How long an invitation link works: 7 days from its creation. */
export const INVITATION_TTL_MS = 7 * 86_400_000;
/** Pending invitations one workspace may have at once: inviting past it is 409 conflict. */
export const MAX_PENDING_INVITATIONS = 100;
/** Where an accept link points; the token follows the last slash. */
export const ACCEPT_PATH = "/dashboard/invitations/";
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/** An invitation to join a workspace. Only the SHA-256 of its one-time token is stored. */
export interface Invitation extends ChangeMarked {
  readonly id: string;
  readonly workspaceId: string;
  /** Normalized (trimmed, lower case), as account emails are. */
  readonly email: string;
  readonly role: Role;
  readonly tokenHash: string;
  readonly invitedBy: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** Pending until accepted or revoked (each happens at most once); expiry is read from `expiresAt`. */
  readonly status: "pending" | "accepted" | "revoked";
  /** The account that accepted or revoked it, and when. */
  readonly endedBy?: string;
  readonly endedAt?: number;
}

/** The public view of an invitation: never its token or the token's hash. */
export interface InvitationView {
  readonly id: string;
  readonly email: string;
  readonly role: Role;
  readonly createdAt: string;
  readonly expiresAt: string;
}

export const toInvitationView = (invitation: Invitation): InvitationView => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  createdAt: new Date(invitation.createdAt).toISOString(),
  expiresAt: new Date(invitation.expiresAt).toISOString(),
});

/** Whether the link still works at `now`: neither used nor revoked, and not expired (it stops exactly at expiresAt). */
export const isPending = (invitation: Invitation, now: number): boolean => invitation.status === "pending" && now < invitation.expiresAt;

/** SHA-256 of the token, hex: the only form a token is stored in. */
export const hashInvitationToken = (token: string): string => hash("sha256", token, "hex");

/** Whether a text has the shape of a token this service hands out (so junk never reaches storage). */
export const isInvitationToken = (text: string): boolean => TOKEN.test(text);

/** The link that carries the token, shown once. */
export const toAcceptUrl = (origin: string, token: string): string => `${origin}${ACCEPT_PATH}${token}`;
