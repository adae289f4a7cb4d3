// Members and invitations: bound into the composition root (container.ts) beside the account use cases.
import { AcceptInvitation } from "../application/accept-invitation.ts";
import { ChangeMemberRole } from "../application/change-member-role.ts";
import { type InvitationDeps, InviteMember } from "../application/invite-member.ts";
import type { AccountStore, AuditLog, InvitationStore, WorkspaceStore } from "../application/ports.ts";
import { PreviewInvitation } from "../application/preview-invitation.ts";
import { RemoveMember } from "../application/remove-member.ts";
import { ListInvitations, RevokeInvitation } from "../application/workspace-invitations.ts";
import { type Container, type Infrastructure, memoryKeyv, TOKENS } from "./tokens.ts";
import { KeyvInvitationStore, memoryInvitationRecords } from "./storage/keyv-invitation-store.ts";
import type { Invitation } from "../domain/invitation.ts";

/** The invitation store on the storage's atomic records ("invitations", swept when expired), in memory without them (the CLI). */
export function bindInvitationStore(container: Container, infra: Infrastructure): void {
  const records = infra.atomic?.<Invitation>("invitations") ?? memoryInvitationRecords();
  const keyv = infra.keyv ?? memoryKeyv;
  container.bind(TOKENS.invitationStore).toConstantValue(new KeyvInvitationStore(records, keyv("workspace-invitations"), infra.clock));
}

/** Invite, list and revoke invitations, accept one, change a role, remove a member. */
export function bindMemberUseCases(container: Container, infra: Infrastructure): void {
  const tokens = [TOKENS.workspaceStore, TOKENS.accountStore, TOKENS.auditLog, TOKENS.invitationStore] as const;
  const deps = (workspaces: WorkspaceStore, accounts: AccountStore, audit: AuditLog, invitations: InvitationStore): InvitationDeps =>
    ({ workspaces, accounts, audit, invitations, clock: infra.clock, secrets: infra.secrets, outbox: infra.events.outbox, invitationEmail: infra.events.invitationEmail,
      emailDelivered: infra.events.emailDelivered });
  const each = [
    [TOKENS.inviteMember, (d: InvitationDeps) => new InviteMember(d)],
    [TOKENS.listInvitations, (d: InvitationDeps) => new ListInvitations(d)],
    [TOKENS.revokeInvitation, (d: InvitationDeps) => new RevokeInvitation(d)],
    [TOKENS.acceptInvitation, (d: InvitationDeps) => new AcceptInvitation(d)],
    [TOKENS.changeMemberRole, (d: InvitationDeps) => new ChangeMemberRole(d)],
    [TOKENS.removeMember, (d: InvitationDeps) => new RemoveMember(d)],
    [TOKENS.previewInvitation, (d: InvitationDeps) => new PreviewInvitation(d)],
  ] as const;
  for (const [token, make] of each) {
    container.bind(token as symbol).toResolvedValue((...args: Parameters<typeof deps>) => make(deps(...args)), [...tokens]);
  }
}
