import { isEmail, normalizeEmail } from "../domain/account.ts";
import { conflict, type DomainError, forbidden, invalidInput, type InputIssue } from "../domain/errors.ts";
import { hashInvitationToken, INVITATION_TTL_MS, type Invitation, type InvitationView, MAX_PENDING_INVITATIONS, toInvitationView } from "../domain/invitation.ts";
import { invitationAction } from "../domain/membership.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { isAllowed, ROLES, type Role, type Workspace } from "../domain/workspace.ts";
import type { EmailMessage } from "../domain/event.ts";
import type { InvitationStore } from "./ports.ts";
import type { MemberDeps } from "./member-changes.ts";
import { newId, newToken } from "./random-ids.ts";
import { journaled } from "./change-journal.ts";
import { authorizeWorkspace, roleForbids } from "./workspace-access.ts";

export interface InviteMemberCommand {
  readonly accountId: string;
  readonly workspaceId: string;
  /** As sent: an email address, else 422 at `/email`. */
  readonly email: unknown;
  /** As sent: one of ROLES, else 422 at `/role`. */
  readonly role: unknown;
}

export interface InviteMemberOutput {
  readonly invitation: InvitationView;
  /** The one-time token for the accept link: returned here once; only its SHA-256 is stored. */
  readonly token: string;
}

/** What the invitee's email says: built by the adapter, which knows the public URL the link starts with. */
export interface InvitationEmailInput {
  readonly invitation: Invitation;
  /** The one-time token of the accept link. */
  readonly token: string;
  readonly workspace: Workspace;
  /** The inviting account's email, when it still exists. */
  readonly inviterEmail: string | undefined;
}

export type InvitationDeps = MemberDeps & {
  readonly invitations: InvitationStore;
  /** With it, the invitee is emailed the link, through the outbox, as one with the invitation. */
  readonly invitationEmail?: (input: InvitationEmailInput) => EmailMessage;
  /** Whether email really leaves (SMTP_URL set): then accepting needs a verified email (the address was proved). */
  readonly emailDelivered?: boolean;
};

/** POST /workspaces/{id}/invitations: owners and admins invite an email with a role (only owners invite owners); 7 days to accept. */
export class InviteMember {
  constructor(private readonly deps: InvitationDeps) {}

  async execute(cmd: InviteMemberCommand): Promise<Result<InviteMemberOutput, DomainError>> {
    const { workspaces, invitations, clock, secrets } = this.deps;
    const access = await authorizeWorkspace(workspaces, cmd.accountId, cmd.workspaceId, "invite");
    if (!access.ok) return access;
    const { workspace, membership } = access.value;
    const fields = checkFields(cmd.email, cmd.role);
    if (!fields.ok) return fields;
    const { email, role } = fields.value;
    if (!isAllowed(membership.role, invitationAction(role))) return err(roleForbids(membership));
    if (workspace.personal) return err(forbidden("A personal workspace cannot have other members. Create a shared workspace to invite people."));
    const problem = await this.findConflict(cmd.workspaceId, email);
    if (problem) return err(problem);
    const token = newToken(secrets);
    const now = clock.now();
    const invitation: Invitation = {
      id: newId(secrets, "inv"), workspaceId: cmd.workspaceId, email, role, tokenHash: hashInvitationToken(token),
      invitedBy: cmd.accountId, createdAt: now, expiresAt: now + INVITATION_TTL_MS, status: "pending",
    };
    const subject = {
      type: "member.invited", actor: { accountId: cmd.accountId }, workspaceId: cmd.workspaceId, invitationId: invitation.id, email, role,
    } as const;
    const inviterEmail = (await this.deps.accounts.findById(cmd.accountId))?.email;
    const mail = this.deps.invitationEmail?.({ invitation, token, workspace, inviterEmail });
    const then = mail ? [{ kind: "email", email: mail } as const] : [];
    // The store counts the workspace's pending invitations and refuses past the cap in the same atomic step.
    const saved = await journaled(this.deps, { subjects: [subject], check: { kind: "invitation", invitationId: invitation.id, status: "*" }, then }, async () => {
      const stored = await invitations.save(invitation, { maxPending: MAX_PENDING_INVITATIONS });
      return { landed: stored, value: stored };
    });
    if (!saved) return err(conflict(`A workspace may have at most ${MAX_PENDING_INVITATIONS} pending invitations: revoke some first.`));
    return ok({ invitation: toInvitationView(invitation), token });
  }

  /** 409 when the address already belongs to a member. */
  private async findConflict(workspaceId: string, email: string): Promise<DomainError | undefined> {
    const { accounts, workspaces } = this.deps;
    const account = await accounts.findByEmail(email);
    if (account && (await workspaces.findMembership(workspaceId, account.id))) return conflict(`${email} is a member of this workspace already.`);
    return undefined;
  }
}

function checkFields(rawEmail: unknown, rawRole: unknown): Result<{ email: string; role: Role }, DomainError> {
  const issues: InputIssue[] = [];
  const email = typeof rawEmail === "string" ? normalizeEmail(rawEmail) : "";
  if (!isEmail(email)) issues.push({ path: "/email", message: "must be an email address such as ada@example.com" });
  const role = ROLES.find((candidate) => candidate === rawRole);
  if (!role) issues.push({ path: "/role", message: `must be one of ${ROLES.join(", ")}` });
  return issues.length > 0 || !role ? err(invalidInput(issues)) : ok({ email, role });
}
