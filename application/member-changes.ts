import { conflict, type DomainError, forbidden, invalidInput, notFound } from "../domain/errors.ts";
import type { MemberChangeRefusal } from "../domain/membership.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { ROLES, type Membership, type Role } from "../domain/workspace.ts";
import type { AccountStore, AuditLog, Clock, Outbox, SecretSource, WorkspaceStore } from "./ports.ts";
import { type MemberView, toMemberViews } from "./list-members.ts";

/** What the member use cases share: the roster, the accounts behind it, and the audit log. */
export interface MemberDeps {
  readonly workspaces: WorkspaceStore;
  readonly accounts: AccountStore;
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly secrets: SecretSource;
  /** With it, each change and its events are one (application/change-journal.ts). */
  readonly outbox?: Outbox;
}

/** A role as sent in a body: one of ROLES, else 422 at `/role`. */
export function checkRole(raw: unknown): Result<Role, DomainError> {
  const role = ROLES.find((candidate) => candidate === raw);
  return role ? ok(role) : err(invalidInput([{ path: "/role", message: `must be one of ${ROLES.join(", ")}` }]));
}

/** The wire error for a refused change: 403 forbidden for the role, 409 conflict for the last owner. */
export function refusalError(refusal: MemberChangeRefusal, actor: Membership): DomainError {
  if (refusal.kind === "last_owner") return conflict("A workspace needs an owner: make another member an owner first.");
  return forbidden(`Your role (${actor.role}) does not allow this.`);
}

/** The roster as it is now, with the caller's and the target's memberships in it, or the error that ends the change. */
export async function readRoster(
  workspaces: WorkspaceStore,
  workspaceId: string,
  actorId: string,
  targetId: string,
): Promise<Result<{ members: readonly Membership[]; actor: Membership; target: Membership }, DomainError>> {
  const members = await workspaces.listMembers(workspaceId);
  const actor = members.find((member) => member.accountId === actorId);
  // Removed while this request waited for the workspace: the same answer as any other non-member.
  if (!actor) return err(forbidden("You are not a member of this workspace."));
  const target = members.find((member) => member.accountId === targetId);
  if (!target) return err(notFound(`No member of this workspace has the account id '${targetId}'.`));
  return ok({ members, actor, target });
}

/** One member's view, or not_found when its account is gone. */
export async function memberView(accounts: AccountStore, membership: Membership): Promise<Result<MemberView, DomainError>> {
  const [view] = await toMemberViews(accounts, [membership]);
  return view ? ok(view) : err(notFound(`No account has the id '${membership.accountId}'.`));
}
