import { normalizeEmail } from "../domain/account.ts";
import { type DomainError, notFound } from "../domain/errors.ts";
import { hashInvitationToken, isInvitationToken, isPending } from "../domain/invitation.ts";
import { inviterMayGrant } from "../domain/membership.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { Role } from "../domain/workspace.ts";
import type { InvitationDeps } from "./invite-member.ts";

/** What the accept page shows before the visitor decides. */
export interface InvitationPreview {
  readonly workspaceName: string;
  readonly role: Role;
  /** The address invited. */
  readonly email: string;
  readonly invitedByEmail: string | null;
  readonly expiresAt: string;
  /** Whether the signed-in account's email is the invited one (else accepting is refused). */
  readonly forThisAccount: boolean;
  /** Whether the signed-in account must verify its email before it may accept (where email is delivered). */
  readonly verifyEmailFirst: boolean;
}

/** The accept page's view of an invitation, without using it; the same 404 as accepting for a token that does not work. */
export class PreviewInvitation {
  constructor(private readonly deps: InvitationDeps) {}

  /** `accountId` absent: a visitor not signed in yet (the sign-in page of the link), never `forThisAccount`. */
  async execute(cmd: { readonly accountId?: string; readonly token: string }): Promise<Result<InvitationPreview, DomainError>> {
    const { invitations, accounts, workspaces, clock } = this.deps;
    const unusable = notFound("This invitation link does not work: it is unknown, used, revoked or expired.");
    const invitation = isInvitationToken(cmd.token) ? await invitations.findByTokenHash(hashInvitationToken(cmd.token)) : undefined;
    const workspace = invitation && isPending(invitation, clock.now()) ? await workspaces.findById(invitation.workspaceId) : undefined;
    if (!invitation || !workspace) return err(unusable);
    if (!inviterMayGrant(await workspaces.findMembership(invitation.workspaceId, invitation.invitedBy), invitation.role)) return err(unusable);
    const [account, inviter] = await Promise.all([cmd.accountId ? accounts.findById(cmd.accountId) : undefined, accounts.findById(invitation.invitedBy)]);
    return ok({
      workspaceName: workspace.name, role: invitation.role, email: invitation.email, invitedByEmail: inviter?.email ?? null,
      expiresAt: new Date(invitation.expiresAt).toISOString(),
      forThisAccount: account !== undefined && normalizeEmail(account.email) === invitation.email,
      verifyEmailFirst: account !== undefined && this.deps.emailDelivered === true && account.emailVerified !== true,
    });
  }
}
