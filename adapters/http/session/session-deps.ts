import type { H3Event } from "h3";
import type { InstalledPack } from "../../../domain/tool-pack.ts";
import type { CreateWorkspace } from "../../../application/create-workspace.ts";
import type { CreateWorkspaceKey } from "../../../application/create-workspace-key.ts";
import type { ListMembers } from "../../../application/list-members.ts";
import type { ListWorkspaceKeys } from "../../../application/list-workspace-keys.ts";
import type { ListWorkspaces } from "../../../application/list-workspaces.ts";
import type { FlashStore } from "../../../application/ports.ts";
import type { RenameWorkspace } from "../../../application/rename-workspace.ts";
import type { ResolveSession } from "../../../application/resolve-session.ts";
import type { RevokeWorkspaceKey } from "../../../application/revoke-workspace-key.ts";
import type { SignIn } from "../../../application/sign-in.ts";
import type { SignOut } from "../../../application/sign-out.ts";
import type { SignUp } from "../../../application/sign-up.ts";
import type { DisableWorkspacePack, EnableWorkspacePack, ListWorkspacePacks } from "../../../application/workspace-packs.ts";
import type { SwitchWorkspace } from "../../../application/switch-workspace.ts";
import type { WorkspaceKeyChanges } from "../../../application/workspace-key-changes.ts";
import type { Environment, RateLimitPolicy } from "../../../domain/api-key.ts";

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
  readonly listWorkspaceKeys: ListWorkspaceKeys;
  readonly createWorkspaceKey: CreateWorkspaceKey;
  readonly revokeWorkspaceKey: RevokeWorkspaceKey;
  /** Tool packs per workspace; the pack routes are served only when given. */
  readonly listWorkspacePacks: ListWorkspacePacks;
  readonly enableWorkspacePack: EnableWorkspacePack;
  readonly disableWorkspacePack: DisableWorkspacePack;
  /** Rotate, update and the audit list. */
  readonly workspaceKeyChanges: WorkspaceKeyChanges;
  /** Carries a new key's secret from the create POST to the one GET that shows it. */
  readonly flash: FlashStore;
  /** The environment this deployment serves: the key form's default. */
  readonly appEnv: Environment;
  /** The limit a key gets when the form leaves it empty. */
  readonly defaultPolicy: RateLimitPolicy;
}

/** What the session routes get from createApp. */
export interface SessionRouteDeps extends AccountDeps {
  readonly maxBodyBytes: number;
  /** Answers a bug without internals (and logs it once). */
  readonly onBug: (error: unknown, event: H3Event) => Response;
  /** Every installed pack, core first, for the marketplace page. */
  readonly installedPacks?: readonly InstalledPack[];
}
