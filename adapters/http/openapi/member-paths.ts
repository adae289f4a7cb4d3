import { MAX_EMAIL_LENGTH } from "../../../domain/account.ts";
import { INVITATION_TTL_MS, MAX_PENDING_INVITATIONS } from "../../../domain/invitation.ts";
import { MAX_WORKSPACES_PER_ACCOUNT, ROLES } from "../../../domain/workspace.ts";
import { ref } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";
import { answer, body, data, id, list, object, operation, SESSION, SESSION_WITH_CSRF, text } from "./session-parts.ts";
import { sessionSchemas, workspaceId } from "./session-paths.ts";

/** Members and invitations as shared/contract.md's "Members and invitations" defines them; the routes live in ../session/member-routes.ts. */

const role = { type: "string", enum: [...ROLES] };
const accountId = { name: "accountId", in: "path", required: true, description: "The member's account id; the caller's own: leaving.", schema: id("An account id (`acct_…`).") };
const invitationId = { name: "invitationId", in: "path", required: true, description: "The invitation id.", schema: id("An invitation id (`inv_…`).") };
const DAYS = INVITATION_TTL_MS / 86_400_000;
const TABLE = "Owners do everything; admins manage every key, the packs, invitations and non-owner members; members create keys and change the keys they created. Only owners invite owners, change roles and remove owners.";

/** The invitation schemas, and the audit event with the fields that tell the story (replacing the session API's). */
export function memberSchemas(): Record<string, OpenApiSchema> {
  const timestamp = text(64, { format: "date-time" });
  const audit = sessionSchemas().AuditEvent as OpenApiSchema & { properties: Record<string, unknown> };
  return {
    AuditEvent: { ...audit, properties: { ...audit.properties, ...auditStoryFields() } },
    Invitation: object(["id", "email", "role", "createdAt", "expiresAt"], {
      id: id("The invitation id."), email: text(MAX_EMAIL_LENGTH, { format: "email" }), role, createdAt: timestamp,
      expiresAt: { ...timestamp, description: `${DAYS} days after createdAt: the link stops working then.` },
    }),
    InvitationRequest: object(["email", "role"], { email: text(MAX_EMAIL_LENGTH, { format: "email" }), role }),
    RoleChange: object(["role"], { role }),
    InvitationToken: object(["token"], { token: text(64, { minLength: 32, pattern: "^[A-Za-z0-9_-]+$", description: "The last part of the accept link." }) }),
  };
}

/** What an audit event in the answer adds to tell the story: who (emails), which key (name), what changed. */
function auditStoryFields(): Record<string, unknown> {
  const email = (description: string) => text(MAX_EMAIL_LENGTH, { format: "email", description });
  return {
    newValues: { type: "object", description: "For key.updated: each changed field's new value (`name`, `limit`, `windowSeconds`); never a secret.",
      properties: { name: text(64), limit: { type: "integer", format: "int32" }, windowSeconds: { type: "integer", format: "int32" } } },
    actorEmail: { ...text(MAX_EMAIL_LENGTH, { format: "email" }), nullable: true, description: "The acting account's email; null for the CLI and the system." },
    keyName: text(64, { description: "For key events: the key's name now." }),
    memberAccountId: id("For member events: whose membership (for member.joined, the account that joined)."),
    memberEmail: email("For member events: the member's email."),
    role: { ...role, description: "member.invited, member.joined: the role given; member.role_changed: the new role; member.removed: the role it had." },
    previousRole: { ...role, description: "member.role_changed: the role before." },
    invitationId: id("member.invited, member.joined, invitation.revoked: the invitation."),
    email: email("member.invited, member.joined, invitation.revoked: the address invited."),
    webhookId: id("webhook.disabled: the endpoint."),
    reason: text(200, { description: "webhook.disabled: why (its answer was 410 Gone, or every delivery failed for 5 days)." }),
    passkeyId: text(1024, { description: "account.passkey_added, account.passkey_removed: the credential id (base64url)." }),
    passkeyName: text(64, { description: "account.passkey_added, account.passkey_removed: the name it was given." }),
  };
}

/** PATCH/DELETE /workspaces/{id}/members/{accountId}, the invitation routes, and POST /invitations/accept. */
export function memberOperations(): Operation[] {
  const member = ref("schemas", "Member");
  const invitation = ref("schemas", "Invitation");
  const write = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503];
  return [
    operation("changeMemberRole", "Workspaces", "Change a member's role",
      `Owners only (${TABLE}). Demoting the last owner: 409 \`conflict\`, however requests race.`, SESSION_WITH_CSRF, {
      parameters: [workspaceId, accountId],
      requestBody: body(ref("schemas", "RoleChange")),
      responses: { "200": answer("The member with its new role.", data({ member })), ...errorResponses(write, { metered: false }) },
    }),
    operation("removeMember", "Workspaces", "Remove a member, or leave",
      "The account loses access with this answer, on every instance; the keys it created stay with the workspace. Its own id: leaving (anyone but the last owner). Admins remove members and admins; owners anyone. The last owner: 409 `conflict`. A body is optional; if sent, it must be JSON.", SESSION_WITH_CSRF, {
      parameters: [workspaceId, accountId],
      responses: { "200": answer("Removed: the member as it was.", data({ member })), ...errorResponses(write, { metered: false }) },
    }),
    operation("createInvitation", "Workspaces", "Invite someone",
      `Owners and admins invite an email address as \`admin\` or \`member\`; only owners invite an \`owner\`. A personal workspace cannot have other members (403). The address of a member already, or more than ${MAX_PENDING_INVITATIONS} pending invitations: 409 \`conflict\`. The accept link works once, for ${DAYS} days, for the account with that email; it is in this answer only (only its token's SHA-256 is stored).`, SESSION_WITH_CSRF, {
      parameters: [workspaceId],
      requestBody: body(ref("schemas", "InvitationRequest")),
      responses: {
        "201": answer("Invited.", data({ invitation, acceptUrl: text(512, { format: "uri", description: "`<origin>/dashboard/invitations/<token>`, shown this once." }) }), 201),
        ...errorResponses(write, { metered: false }),
      },
    }),
    operation("listInvitations", "Workspaces", "List pending invitations", "Neither used, revoked nor expired; never a token. Every member may list them.", SESSION, {
      parameters: [workspaceId],
      responses: { "200": answer("The pending invitations, oldest first.", data({ invitations: list(invitation, MAX_PENDING_INVITATIONS) })), ...errorResponses([401, 403, 404, 500, 503], { metered: false }) },
    }),
    operation("revokeInvitation", "Workspaces", "Revoke an invitation", "Owners and admins; the link stops working at once. A used, revoked or expired invitation: 404. A body is optional; if sent, it must be JSON.", SESSION_WITH_CSRF, {
      parameters: [workspaceId, invitationId],
      responses: { "200": answer("Revoked.", data({ invitation })), ...errorResponses([400, 401, 403, 404, 413, 415, 429, 500, 503], { metered: false }) },
    }),
    operation("acceptInvitation", "Workspaces", "Accept an invitation",
      `The signed-in account becomes a member with the invited role; its email must be the invitation's (case-insensitive), else 403 \`forbidden\`. An unknown, used, revoked or expired token: one 404 \`not_found\`. Of two accepts racing, exactly one succeeds. Past ${MAX_WORKSPACES_PER_ACCOUNT} workspaces: 409 \`conflict\`.`, SESSION_WITH_CSRF, {
      requestBody: body(ref("schemas", "InvitationToken")),
      responses: { "200": answer("Joined.", data({ workspace: ref("schemas", "Workspace") })), ...errorResponses(write, { metered: false }) },
    }),
  ];
}
