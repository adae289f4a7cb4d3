// Accounts, sessions, workspaces and the workspace views of keys: bound into the composition root (container.ts).
import { DEFAULT_ATTEMPT_LIMITS } from "../application/attempt-limits.ts";
import { CreateKey } from "../application/create-key.ts";
import { CountSessionWrite } from "../application/count-session-write.ts";
import { CreateWorkspace } from "../application/create-workspace.ts";
import { ListAudit } from "../application/list-audit.ts";
import { CreateWorkspaceKey } from "../application/create-workspace-key.ts";
import { ListKeys } from "../application/list-keys.ts";
import { ListMembers } from "../application/list-members.ts";
import { ListWorkspaceKeys } from "../application/list-workspace-keys.ts";
import { ListWorkspaces } from "../application/list-workspaces.ts";
import type { AccountStore, ApiKeyStore, AuditLog, FlashStore, PasswordHasher, RateLimitStore, SessionStore, WorkspaceStore } from "../application/ports.ts";
import { RenameWorkspace } from "../application/rename-workspace.ts";
import { ResolveSession } from "../application/resolve-session.ts";
import { RevokeKey } from "../application/revoke-key.ts";
import { RotateKey } from "../application/rotate-key.ts";
import { UpdateKey } from "../application/update-key.ts";
import { WorkspaceKeyChanges } from "../application/workspace-key-changes.ts";
import { RevokeWorkspaceKey } from "../application/revoke-workspace-key.ts";
import { SignIn } from "../application/sign-in.ts";
import { SignOut } from "../application/sign-out.ts";
import { SignUp, type SignUpDeps } from "../application/sign-up.ts";
import { accountLinksOf } from "../application/account-changes.ts";
import { sendVerificationLink } from "../application/email-verification.ts";
import { SwitchWorkspace } from "../application/switch-workspace.ts";
import { DEFAULT_SESSION_POLICY, type Session } from "../domain/session.ts";
import { ScryptPasswordHasher } from "./security/scrypt-password-hasher.ts";
import { ZxcvbnPasswordRater } from "./security/zxcvbn-password-rater.ts";
import { SecretSealer } from "./security/secret-sealer.ts";
import { ACCOUNT_NAMESPACES, atomicAccountStore, KeyvAccountStore } from "./storage/keyv-account-store.ts";
import { SealedAccountStore } from "./storage/sealed-account-store.ts";
import { KeyvFlashStore, KeyvSessionStore } from "./storage/keyv-session-store.ts";
import { KeyvWorkspaceStore } from "./storage/keyv-workspace-store.ts";
import type { AccountDeps } from "../application/account-deps.ts";
import { type Container, type Infrastructure, memoryKeyv, TOKENS } from "./tokens.ts";
import { bindInvitationStore, bindMemberUseCases } from "./bind-members.ts";
import { resolveWebhookUseCases } from "./bind-webhooks.ts";
import type { Lease } from "./storage/workspace-lock.ts";

export function bindAccountStores(container: Container, infra: Infrastructure): void {
  const keyv = infra.keyv ?? memoryKeyv;
  const stored = infra.atomic
    ? atomicAccountStore(infra.atomic)
    : new KeyvAccountStore({ records: keyv(ACCOUNT_NAMESPACES.records), emails: keyv(ACCOUNT_NAMESPACES.emails) });
  container.bind(TOKENS.accountStore).toConstantValue(new SealedAccountStore(stored, infra.sealer ?? new SecretSealer()));
  container.bind(TOKENS.workspaceStore).toConstantValue(
    new KeyvWorkspaceStore(keyv("workspaces"), keyv("workspace-members"), keyv("account-workspaces"), infra.atomic?.<Lease>("workspace-locks")),
  );
  bindInvitationStore(container, infra);
  const sessions = infra.atomic?.<Session>("sessions");
  container.bind(TOKENS.sessionStore).toConstantValue(new KeyvSessionStore(sessions?.keyv ?? keyv("sessions"), infra.clock, keyv("account-sessions"), sessions));
  const flash = infra.atomic?.<string>("dashboard-flash");
  container.bind(TOKENS.flashStore).toConstantValue(flash ? new KeyvFlashStore(flash.keyv, flash) : new KeyvFlashStore(keyv("dashboard-flash")));
  container.bind(TOKENS.passwordHasher).toConstantValue(infra.passwordHasher ?? new ScryptPasswordHasher());
}

/** The dashboard's use cases: accounts, sessions, workspaces and the workspace views of keys. */
export function bindAccountUseCases(container: Container, infra: Infrastructure): void {
  const sessionPolicy = infra.sessionPolicy ?? DEFAULT_SESSION_POLICY;
  const passwordRater = infra.passwordRater ?? new ZxcvbnPasswordRater();
  const auth = (accounts: AccountStore, workspaces: WorkspaceStore, sessions: SessionStore, hasher: PasswordHasher, limits: RateLimitStore): SignUpDeps =>
    ({ accounts, workspaces, sessions, hasher, passwordRater, limits, secrets: infra.secrets, clock: infra.clock, sessionPolicy, attemptLimits: infra.attemptLimits ?? DEFAULT_ATTEMPT_LIMITS });
  const authTokens = [TOKENS.accountStore, TOKENS.workspaceStore, TOKENS.sessionStore, TOKENS.passwordHasher, TOKENS.rateLimitStore] as const;
  // A new account gets its first verification link at once (when PUBLIC_URL makes links).
  const { publicUrl } = infra.events;
  const links = publicUrl && accountLinksOf(publicUrl);
  container.bind(TOKENS.signUp).toResolvedValue((tokens: FlashStore, ...deps: Parameters<typeof auth>) => {
    const base = auth(...deps);
    const verification = { ...base, tokens, links, audit: infra.audit, outbox: infra.events.outbox };
    return new SignUp(links ? { ...base, onSignedUp: (account) => sendVerificationLink(verification, account) } : base);
  }, [TOKENS.flashStore, ...authTokens]);
  // Sign-in keeps the second step's mfaTokens (TOTP on) in the one-time store.
  container.bind(TOKENS.signIn).toResolvedValue(
    (tokens: FlashStore, ...deps: Parameters<typeof auth>) => new SignIn({ ...auth(...deps), tokens }), [TOKENS.flashStore, ...authTokens]);
  container.bind(TOKENS.signOut).toResolvedValue((sessions: SessionStore) => new SignOut({ sessions }), [TOKENS.sessionStore]);
  container.bind(TOKENS.resolveSession).toResolvedValue(
    (sessions: SessionStore, accounts: AccountStore, workspaces: WorkspaceStore) =>
      new ResolveSession({ sessions, accounts, workspaces, clock: infra.clock, sessionPolicy }),
    [TOKENS.sessionStore, TOKENS.accountStore, TOKENS.workspaceStore],
  );
  container.bind(TOKENS.switchWorkspace).toResolvedValue(
    (sessions: SessionStore, workspaces: WorkspaceStore) => new SwitchWorkspace({ sessions, workspaces, sessionPolicy }),
    [TOKENS.sessionStore, TOKENS.workspaceStore],
  );
  container.bind(TOKENS.listWorkspaces).toResolvedValue((workspaces: WorkspaceStore) => new ListWorkspaces({ workspaces }), [TOKENS.workspaceStore]);
  container.bind(TOKENS.createWorkspace).toResolvedValue(
    (workspaces: WorkspaceStore) => new CreateWorkspace({ workspaces, secrets: infra.secrets, clock: infra.clock, audit: infra.audit, outbox: infra.events.outbox }),
    [TOKENS.workspaceStore],
  );
  container.bind(TOKENS.renameWorkspace).toResolvedValue((workspaces: WorkspaceStore) => new RenameWorkspace({ workspaces }), [TOKENS.workspaceStore]);
  container.bind(TOKENS.listMembers).toResolvedValue(
    (workspaces: WorkspaceStore, accounts: AccountStore) => new ListMembers({ workspaces, accounts }),
    [TOKENS.workspaceStore, TOKENS.accountStore],
  );
  container.bind(TOKENS.listAudit).toResolvedValue(
    (workspaces: WorkspaceStore, audit: AuditLog, accounts: AccountStore, keys: ApiKeyStore) => new ListAudit({ workspaces, audit, accounts, keys }),
    [TOKENS.workspaceStore, TOKENS.auditLog, TOKENS.accountStore, TOKENS.apiKeyStore]);
  container.bind(TOKENS.countSessionWrite).toResolvedValue(
    (limits: RateLimitStore) => new CountSessionWrite({ limits, attemptLimits: infra.attemptLimits ?? DEFAULT_ATTEMPT_LIMITS }), [TOKENS.rateLimitStore]);
  bindWorkspaceKeyUseCases(container);
  bindMemberUseCases(container, infra);
}

function bindWorkspaceKeyUseCases(container: Container): void {
  container.bind(TOKENS.listWorkspaceKeys).toResolvedValue(
    (workspaces: WorkspaceStore, listKeys: ListKeys) => new ListWorkspaceKeys({ workspaces, listKeys }),
    [TOKENS.workspaceStore, TOKENS.listKeys],
  );
  container.bind(TOKENS.createWorkspaceKey).toResolvedValue(
    (workspaces: WorkspaceStore, createKey: CreateKey, revokeKey: RevokeKey) => new CreateWorkspaceKey({ workspaces, createKey, revokeKey }),
    [TOKENS.workspaceStore, TOKENS.createKey, TOKENS.revokeKey],
  );
  container.bind(TOKENS.revokeWorkspaceKey).toResolvedValue(
    (workspaces: WorkspaceStore, keys: ApiKeyStore, revokeKey: RevokeKey) => new RevokeWorkspaceKey({ workspaces, keys, revokeKey }),
    [TOKENS.workspaceStore, TOKENS.apiKeyStore, TOKENS.revokeKey],
  );
  container.bind(TOKENS.workspaceKeyChanges).toResolvedValue(
    (workspaces: WorkspaceStore, keys: ApiKeyStore, rotateKey: RotateKey, updateKey: UpdateKey, audit: AuditLog) =>
      new WorkspaceKeyChanges({ workspaces, keys, rotateKey, updateKey, audit }),
    [TOKENS.workspaceStore, TOKENS.apiKeyStore, TOKENS.rotateKey, TOKENS.updateKey, TOKENS.auditLog],
  );
}

/** The session API's and the dashboard's dependencies, resolved from a built container. */
export function resolveAccountDeps(container: Container, infra: Pick<Infrastructure, "env" | "defaultPolicy" | "events">): AccountDeps {
  return {
    signUp: container.get(TOKENS.signUp),
    signIn: container.get(TOKENS.signIn),
    signOut: container.get(TOKENS.signOut),
    resolveSession: container.get(TOKENS.resolveSession),
    switchWorkspace: container.get(TOKENS.switchWorkspace),
    listWorkspaces: container.get(TOKENS.listWorkspaces),
    createWorkspace: container.get(TOKENS.createWorkspace),
    renameWorkspace: container.get(TOKENS.renameWorkspace),
    listMembers: container.get(TOKENS.listMembers),
    listAudit: container.get(TOKENS.listAudit),
    countSessionWrite: container.get(TOKENS.countSessionWrite),
    listWorkspaceKeys: container.get(TOKENS.listWorkspaceKeys),
    createWorkspaceKey: container.get(TOKENS.createWorkspaceKey),
    revokeWorkspaceKey: container.get(TOKENS.revokeWorkspaceKey),
    listWorkspacePacks: container.get(TOKENS.listWorkspacePacks),
    enableWorkspacePack: container.get(TOKENS.enableWorkspacePack),
    disableWorkspacePack: container.get(TOKENS.disableWorkspacePack),
    workspaceKeyChanges: container.get(TOKENS.workspaceKeyChanges),
    workspaceUsage: container.get(TOKENS.queryWorkspaceUsage),
    inviteMember: container.get(TOKENS.inviteMember),
    listInvitations: container.get(TOKENS.listInvitations),
    revokeInvitation: container.get(TOKENS.revokeInvitation),
    acceptInvitation: container.get(TOKENS.acceptInvitation),
    changeMemberRole: container.get(TOKENS.changeMemberRole),
    removeMember: container.get(TOKENS.removeMember),
    previewInvitation: container.get(TOKENS.previewInvitation),
    webhooks: resolveWebhookUseCases(container),
    flash: container.get(TOKENS.flashStore),
    security: container.get(TOKENS.accountSecurity),
    // The issuer and the resource are PUBLIC_URL's: an embedder that gave none serves no OAuth routes.
    oauth: infra.events.publicUrl === undefined ? undefined : container.get(TOKENS.oauth),
    appEnv: infra.env, defaultPolicy: infra.defaultPolicy,
  };
}
