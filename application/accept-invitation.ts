import { normalizeEmail } from "../domain/account.ts";
import { conflict, type DomainError, forbidden, notFound } from "../domain/errors.ts";
import { hashInvitationToken, type Invitation, isInvitationToken, isPending } from "../domain/invitation.ts";
import { inviterMayGrant } from "../domain/membership.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { MAX_WORKSPACES_PER_ACCOUNT, type Workspace } from "../domain/workspace.ts";
import type { InvitationDeps } from "./invite-member.ts";
import { type ChangeOutcome, journaled } from "./change-journal.ts";

export interface AcceptInvitationCommand {
  readonly accountId: string;
  /** As sent (the last part of the accept link). */
  readonly token: unknown;
}

/** One answer for every token that does not work, so a guess learns nothing about which it was. */
const unusable = (): DomainError => notFound("This invitation link does not work: it is unknown, used, revoked or expired.");

/** The refusal of an invitation to an account whose address is not verified yet (only where email is delivered). */
export const verifyFirst = (): DomainError =>
  forbidden("Verify your email address first: open the link of the verification email (or ask for a new one), then accept this invitation.");

/**
 * POST /invitations/accept: the signed-in account joins with the invited role when its email is the invitation's
 * (case-insensitive) and the inviter may still grant that role. The invitation is used up atomically first, so of
 * two racing accepts exactly one joins.
 */
export class AcceptInvitation {
  constructor(private readonly deps: InvitationDeps) {}

  async execute(cmd: AcceptInvitationCommand): Promise<Result<Workspace, DomainError>> {
    const { invitations, accounts, workspaces, clock } = this.deps;
    if (typeof cmd.token !== "string" || !isInvitationToken(cmd.token)) return err(unusable());
    const now = clock.now();
    const invitation = await invitations.findByTokenHash(hashInvitationToken(cmd.token));
    if (!invitation || !isPending(invitation, now)) return err(unusable());
    // Checked before whose email it is: an invitation its inviter may no longer grant is dead for everyone.
    if (!inviterMayGrant(await workspaces.findMembership(invitation.workspaceId, invitation.invitedBy), invitation.role)) return err(unusable());
    const account = await accounts.findById(cmd.accountId);
    if (!account || normalizeEmail(account.email) !== invitation.email) {
      return err(forbidden("This invitation was sent to another email address. Sign in with that address to accept it."));
    }
    // Where mail is delivered, the address must be proved: else whoever signed up first with it would take the seat.
    if (this.deps.emailDelivered && account.emailVerified !== true) return err(verifyFirst());
    const workspace = await workspaces.findById(invitation.workspaceId);
    if (!workspace) return err(unusable());
    const { accountId } = cmd;
    const subject = {
      type: "member.joined", actor: { accountId }, workspaceId: invitation.workspaceId, memberAccountId: accountId,
      invitationId: invitation.id, email: invitation.email, role: invitation.role,
    } as const;
    const check = { kind: "joined", workspaceId: invitation.workspaceId, accountId, invitationId: invitation.id, role: invitation.role } as const;
    // The invitation is used up, then the membership written; a process killed in between leaves the intent, whose
    // recovery writes the membership of the account that used it (application/recover-change.ts).
    const joined = await journaled(this.deps, { subjects: [subject], check }, async () => {
      const used = await invitations.update(invitation.id, (current) =>
        isPending(current, now) ? { ...current, status: "accepted", endedBy: accountId, endedAt: now } : undefined);
      if (!used || used.after === used.before) return { landed: false, value: err(unusable()) };
      return this.join(invitation, accountId, now);
    });
    return joined.ok ? ok(workspace) : joined;
  }

  /** The membership; a member already keeps the role it has (an invitation never demotes, and no event is sent). */
  private async join(invitation: Invitation, accountId: string, now: number): Promise<ChangeOutcome<Result<void, DomainError>>> {
    const { workspaces, invitations } = this.deps;
    if (await workspaces.findMembership(invitation.workspaceId, accountId)) return { landed: false, value: ok(undefined) };
    const membership = { workspaceId: invitation.workspaceId, accountId, role: invitation.role, createdAt: now };
    if (!(await workspaces.saveMembership(membership, { maxPerAccount: MAX_WORKSPACES_PER_ACCOUNT }))) {
      // Not joined, so the link is given back: it works again once the account has left another workspace.
      await invitations.update(invitation.id, (current) => (current.status === "accepted" && current.endedBy === accountId ? { ...invitation } : undefined));
      return { landed: false, value: err(conflict(`An account may belong to at most ${MAX_WORKSPACES_PER_ACCOUNT} workspaces: leave one first.`)) };
    }
    return { landed: true, value: ok(undefined) };
  }
}
