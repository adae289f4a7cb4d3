import { type DomainError, notFound } from "../domain/errors.ts";
import { type Invitation, type InvitationView, isPending, toInvitationView } from "../domain/invitation.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { InvitationDeps } from "./invite-member.ts";
import { journaled, markedChange } from "./change-journal.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface ListInvitationsCommand {
  readonly accountId: string;
  readonly workspaceId: string;
}

/** GET /workspaces/{id}/invitations: the pending invitations, oldest first, for every member; never a token. */
export class ListInvitations {
  constructor(private readonly deps: InvitationDeps) {}

  async execute(cmd: ListInvitationsCommand): Promise<Result<readonly InvitationView[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    const now = this.deps.clock.now();
    const all = await this.deps.invitations.listByWorkspace(cmd.workspaceId);
    return ok(all.filter((invitation) => isPending(invitation, now)).map(toInvitationView));
  }
}

export interface RevokeInvitationCommand extends ListInvitationsCommand {
  readonly invitationId: string;
}

/** DELETE /workspaces/{id}/invitations/{invitationId}: owners and admins; the link stops working with this write. */
export class RevokeInvitation {
  constructor(private readonly deps: InvitationDeps) {}

  async execute(cmd: RevokeInvitationCommand): Promise<Result<InvitationView, DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "revoke_invitation");
    if (!access.ok) return access;
    const now = this.deps.clock.now();
    const revocable = (invitation: Invitation) => invitation.workspaceId === cmd.workspaceId && isPending(invitation, now);
    // Atomic with any accept racing it: exactly one of them ends the pending invitation.
    const unknown = () => err(notFound(`No pending invitation of this workspace has the id '${cmd.invitationId}'.`));
    const found = await this.deps.invitations.findById(cmd.invitationId);
    if (!found || !revocable(found)) return unknown();
    const subject = {
      type: "invitation.revoked", actor: { accountId: cmd.accountId }, workspaceId: cmd.workspaceId, invitationId: found.id, email: found.email, role: found.role,
    } as const;
    const marked = markedChange(this.deps, "invitation", found.id);
    const change = await journaled(this.deps, { subjects: [subject], check: marked.check }, async () => {
      const update = await this.deps.invitations.update(cmd.invitationId, marked.mark<Invitation>((current) =>
        revocable(current) ? { ...current, status: "revoked", endedBy: cmd.accountId, endedAt: now } : undefined));
      return { landed: !!update && update.after !== update.before, value: update };
    });
    if (!change || change.after === change.before) return unknown();
    return ok(toInvitationView(change.after));
  }
}
