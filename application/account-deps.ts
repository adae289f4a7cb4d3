import type { CountSessionWrite } from "./count-session-write.ts";
import type { CreateWorkspace } from "./create-workspace.ts";
import type { ListAudit } from "./list-audit.ts";
import type { CreateWorkspaceKey } from "./create-workspace-key.ts";
import type { ListMembers } from "./list-members.ts";
import type { ListWorkspaceKeys } from "./list-workspace-keys.ts";
import type { ListWorkspaces } from "./list-workspaces.ts";
import type { QueryWorkspaceUsage } from "./query-usage.ts";
import type { FlashStore } from "./ports.ts";
import type { RenameWorkspace } from "./rename-workspace.ts";
import type { ResolveSession } from "./resolve-session.ts";
import type { RevokeWorkspaceKey } from "./revoke-workspace-key.ts";
import type { SignIn } from "./sign-in.ts";
import type { SignOut } from "./sign-out.ts";
import type { SignUp } from "./sign-up.ts";
import type { DisableWorkspacePack, EnableWorkspacePack, ListWorkspacePacks } from "./workspace-packs.ts";
import type { SwitchWorkspace } from "./switch-workspace.ts";
import type { WorkspaceKeyChanges } from "./workspace-key-changes.ts";
import type { Environment, RateLimitPolicy } from "../domain/api-key.ts";
import type { AcceptInvitation } from "./accept-invitation.ts";
import type { ChangeMemberRole } from "./change-member-role.ts";
import type { InviteMember } from "./invite-member.ts";
import type { RemoveMember } from "./remove-member.ts";
import type { PreviewInvitation } from "./preview-invitation.ts";
import type { ListInvitations, RevokeInvitation } from "./workspace-invitations.ts";
import type { WebhookUseCases } from "./webhook-use-cases.ts";
import type { AccountSecurityUseCases } from "./account-security.ts";
import type { OAuthUseCases } from "./oauth-use-cases.ts";

/** The use cases behind the session API and the dashboard, and the defaults the key form shows. */
export interface AccountDeps {
  readonly signUp: SignUp;
  readonly signIn: SignIn;
  readonly signOut: SignOut;
  readonly resolveSession: ResolveSession;
  readonly switchWorkspace: SwitchWorkspace;
  readonly listWorkspaces: ListWorkspaces;
  readonly createWorkspace: CreateWorkspace;
  readonly renameWorkspace: RenameWorkspace;
  readonly listMembers: ListMembers;
  /** One page of a workspace's audit log. */
  readonly listAudit: ListAudit;
  /** The per-account limit on state-changing requests (session API and dashboard forms). */
  readonly countSessionWrite: CountSessionWrite;
  readonly listWorkspaceKeys: ListWorkspaceKeys;
  readonly createWorkspaceKey: CreateWorkspaceKey;
  readonly revokeWorkspaceKey: RevokeWorkspaceKey;
  /** Tool packs per workspace; the pack routes are served only when given. */
  readonly listWorkspacePacks: ListWorkspacePacks;
  readonly enableWorkspacePack: EnableWorkspacePack;
  readonly disableWorkspacePack: DisableWorkspacePack;
  /** Rotate, update and the audit list. */
  readonly workspaceKeyChanges: WorkspaceKeyChanges;
  /** A workspace's usage: the session API's route, the usage page and the keys page's 24 h column. */
  readonly workspaceUsage: QueryWorkspaceUsage;
  /** Members and invitations (shared/contract.md, "Members and invitations"). */
  readonly inviteMember: InviteMember;
  readonly listInvitations: ListInvitations;
  readonly revokeInvitation: RevokeInvitation;
  readonly acceptInvitation: AcceptInvitation;
  readonly changeMemberRole: ChangeMemberRole;
  readonly removeMember: RemoveMember;
  readonly previewInvitation: PreviewInvitation;
  /** A workspace's webhook endpoints and their deliveries (shared/contract.md, "Events and webhooks"). */
  readonly webhooks: WebhookUseCases;
  /** Reset, verification, password, sessions, two-factor, passkeys, deletion (shared/contract.md, "Email and accounts"). */
  readonly security: AccountSecurityUseCases;
  /** The OAuth authorization server for MCP clients (shared/contract.md, "OAuth for MCP clients"); its routes are served only when given. */
  readonly oauth?: OAuthUseCases;
  /** Carries a new key's secret from the create POST to the one GET that shows it. */
  readonly flash: FlashStore;
  /** The environment this deployment serves: the key form's default. */
  readonly appEnv: Environment;
  /** The limit a key gets when the form leaves it empty. */
  readonly defaultPolicy: RateLimitPolicy;
}
