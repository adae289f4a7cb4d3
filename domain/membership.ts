import { isAllowed, type Membership, type Role, type WorkspaceAction } from "./workspace.ts";

/** Why a change to a workspace's members is refused: the actor's role does not allow it (403), or no owner would be left (409). */
export type MemberChangeRefusal =
  | { readonly kind: "forbidden"; readonly action: WorkspaceAction }
  | { readonly kind: "last_owner" };

/** The action an invitation with this role needs: only owners make owners. */
export const invitationAction = (role: Role): WorkspaceAction => (role === "owner" ? "invite_owner" : "invite");

/**
 * Whether an invitation of `role` still works as far as its inviter goes: only while the inviter (their membership
 * now, undefined once removed) may still grant that role, so a removed or demoted admin's invitations stop working.
 */
export const inviterMayGrant = (inviter: Membership | undefined, role: Role): boolean =>
  inviter !== undefined && isAllowed(inviter.role, invitationAction(role));

/** The action removing `target` is: leaving (one's own membership), removing an owner, or removing a member or admin. */
export function removalAction(actor: Membership, target: Membership): WorkspaceAction {
  if (actor.accountId === target.accountId) return "leave";
  return target.role === "owner" ? "remove_owner" : "remove_member";
}

/** Whether giving `target` the role `next` (undefined: removing it) leaves `members` without an owner. */
export function leavesNoOwner(members: readonly Membership[], target: Membership, next: Role | undefined): boolean {
  if (target.role !== "owner" || next === "owner") return false;
  return !members.some((member) => member.role === "owner" && member.accountId !== target.accountId);
}

/** Whether `actor` may remove `target` from a workspace whose members are `members` (both among them). */
export function checkRemoval(actor: Membership, target: Membership, members: readonly Membership[]): MemberChangeRefusal | undefined {
  const action = removalAction(actor, target);
  if (!isAllowed(actor.role, action)) return { kind: "forbidden", action };
  return leavesNoOwner(members, target, undefined) ? { kind: "last_owner" } : undefined;
}

/** Whether `actor` may give `target` the role `role` in a workspace whose members are `members`. */
export function checkRoleChange(actor: Membership, target: Membership, role: Role, members: readonly Membership[]): MemberChangeRefusal | undefined {
  if (!isAllowed(actor.role, "change_role")) return { kind: "forbidden", action: "change_role" };
  return leavesNoOwner(members, target, role) ? { kind: "last_owner" } : undefined;
}
