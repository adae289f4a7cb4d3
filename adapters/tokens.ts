import Keyv from "keyv";
import type { Container, ServiceIdentifier } from "inversify";
import type { AcceptInvitation } from "../application/accept-invitation.ts";
import type { AccountSecurityUseCases } from "../application/account-security.ts";
import type { AttemptLimits } from "../application/attempt-limits.ts";
import type { AuthenticateKey } from "../application/authenticate-key.ts";
import type { ChangeMemberRole } from "../application/change-member-role.ts";
import type { CheckPackAccess } from "../application/check-pack-access.ts";
import type { ConsumeRateLimit } from "../application/consume-rate-limit.ts";
import type { CountSessionWrite } from "../application/count-session-write.ts";
import type { CreateKey } from "../application/create-key.ts";
import type { CreateWebhook } from "../application/create-webhook.ts";
import type { CreateWorkspace } from "../application/create-workspace.ts";
import type { CreateWorkspaceKey } from "../application/create-workspace-key.ts";
import type { ExecuteTool } from "../application/execute-tool.ts";
import type { InvitationEmailInput, InviteMember } from "../application/invite-member.ts";
import type { ListAudit } from "../application/list-audit.ts";
import type { ListKeys } from "../application/list-keys.ts";
import type { ListMembers } from "../application/list-members.ts";
import type { ListWorkspaceKeys } from "../application/list-workspace-keys.ts";
import type { ListWorkspaces } from "../application/list-workspaces.ts";
import type { OAuthUseCases } from "../application/oauth-use-cases.ts";
import type {
  AccountStore, ApiKeyStore, AuditLog, Clock, ExecutionObserver, FlashStore, InvitationStore, Mailer, Outbox, PasswordHasher, PasswordRater, RateLimitStore,
  SchemaValidator, SecretSource, SessionStore, ToolCatalog, ToolRunner, UsageStore, WebhookSender, WebhookStore, WorkspacePackStore, WorkspaceStore,
} from "../application/ports.ts";
import type { PreviewInvitation } from "../application/preview-invitation.ts";
import type { QueryKeyUsage, QueryWorkspaceUsage } from "../application/query-usage.ts";
import type { RecordUsage } from "../application/record-usage.ts";
import type { RemoveMember } from "../application/remove-member.ts";
import type { RenameWorkspace } from "../application/rename-workspace.ts";
import type { ResolveSession } from "../application/resolve-session.ts";
import type { RevokeKey } from "../application/revoke-key.ts";
import type { RevokeWorkspaceKey } from "../application/revoke-workspace-key.ts";
import type { RotateKey } from "../application/rotate-key.ts";
import type { SignIn } from "../application/sign-in.ts";
import type { SignOut } from "../application/sign-out.ts";
import type { SignUp } from "../application/sign-up.ts";
import type { SwitchWorkspace } from "../application/switch-workspace.ts";
import type { ToolCall } from "../application/tool-call.ts";
import type { UpdateKey } from "../application/update-key.ts";
import type { ListWebhookDeliveries, RedeliverWebhookDelivery, SendWebhookTest } from "../application/webhook-deliveries.ts";
import type { DeleteWebhook, ListWebhooks, RotateWebhookSecret, UpdateWebhook } from "../application/webhook-endpoints.ts";
import type { ListInvitations, RevokeInvitation } from "../application/workspace-invitations.ts";
import type { WorkspaceKeyChanges } from "../application/workspace-key-changes.ts";
import type { DisableWorkspacePack, EnableWorkspacePack, ListWorkspacePacks } from "../application/workspace-packs.ts";
import type { Environment, RateLimitPolicy } from "../domain/api-key.ts";
import type { EmailMessage } from "../domain/event.ts";
import type { SessionPolicy } from "../domain/session.ts";
import type { AnyTool } from "../domain/tool.ts";
import type { InstalledPack } from "../domain/tool-pack.ts";
import type { SecretSealer } from "./security/secret-sealer.ts";
import type { AtomicRecords } from "./storage/atomic-records.ts";

// The composition root's vocabulary, apart from its bindings: bind-*.ts import this file and never container.ts,
// so the root imports its bindings and nothing imports back up into it.

/** The container the bind-*.ts files fill; built only by buildContainer (container.ts). */
export type { Container };

/** Typed tokens, one per port and use case. */
export const TOKENS = {
  apiKeyStore: Symbol.for("ApiKeyStore") as ServiceIdentifier<ApiKeyStore>,
  rateLimitStore: Symbol.for("RateLimitStore") as ServiceIdentifier<RateLimitStore>,
  toolCatalog: Symbol.for("ToolCatalog") as ServiceIdentifier<ToolCatalog>,
  schemaValidator: Symbol.for("SchemaValidator") as ServiceIdentifier<SchemaValidator>,
  toolRunner: Symbol.for("ToolRunner") as ServiceIdentifier<ToolRunner>,
  clock: Symbol.for("Clock") as ServiceIdentifier<Clock>,
  secretSource: Symbol.for("SecretSource") as ServiceIdentifier<SecretSource>,
  authenticateKey: Symbol.for("AuthenticateKey") as ServiceIdentifier<AuthenticateKey>,
  consumeRateLimit: Symbol.for("ConsumeRateLimit") as ServiceIdentifier<ConsumeRateLimit>,
  executeTool: Symbol.for("ExecuteTool") as ServiceIdentifier<ExecuteTool>,
  toolCall: Symbol.for("ToolCall") as ServiceIdentifier<ToolCall>,
  createKey: Symbol.for("CreateKey") as ServiceIdentifier<CreateKey>,
  revokeKey: Symbol.for("RevokeKey") as ServiceIdentifier<RevokeKey>,
  listKeys: Symbol.for("ListKeys") as ServiceIdentifier<ListKeys>,
  auditLog: Symbol.for("AuditLog") as ServiceIdentifier<AuditLog>,
  rotateKey: Symbol.for("RotateKey") as ServiceIdentifier<RotateKey>,
  updateKey: Symbol.for("UpdateKey") as ServiceIdentifier<UpdateKey>,
  workspaceKeyChanges: Symbol.for("WorkspaceKeyChanges") as ServiceIdentifier<WorkspaceKeyChanges>,
  accountStore: Symbol.for("AccountStore") as ServiceIdentifier<AccountStore>,
  accountSecurity: Symbol.for("AccountSecurity") as ServiceIdentifier<AccountSecurityUseCases>,
  workspaceStore: Symbol.for("WorkspaceStore") as ServiceIdentifier<WorkspaceStore>,
  sessionStore: Symbol.for("SessionStore") as ServiceIdentifier<SessionStore>,
  flashStore: Symbol.for("FlashStore") as ServiceIdentifier<FlashStore>,
  passwordHasher: Symbol.for("PasswordHasher") as ServiceIdentifier<PasswordHasher>,
  signUp: Symbol.for("SignUp") as ServiceIdentifier<SignUp>,
  signIn: Symbol.for("SignIn") as ServiceIdentifier<SignIn>,
  signOut: Symbol.for("SignOut") as ServiceIdentifier<SignOut>,
  resolveSession: Symbol.for("ResolveSession") as ServiceIdentifier<ResolveSession>,
  switchWorkspace: Symbol.for("SwitchWorkspace") as ServiceIdentifier<SwitchWorkspace>,
  listWorkspaces: Symbol.for("ListWorkspaces") as ServiceIdentifier<ListWorkspaces>,
  createWorkspace: Symbol.for("CreateWorkspace") as ServiceIdentifier<CreateWorkspace>,
  renameWorkspace: Symbol.for("RenameWorkspace") as ServiceIdentifier<RenameWorkspace>,
  listMembers: Symbol.for("ListMembers") as ServiceIdentifier<ListMembers>,
  listAudit: Symbol.for("ListAudit") as ServiceIdentifier<ListAudit>,
  countSessionWrite: Symbol.for("CountSessionWrite") as ServiceIdentifier<CountSessionWrite>,
  listWorkspaceKeys: Symbol.for("ListWorkspaceKeys") as ServiceIdentifier<ListWorkspaceKeys>,
  createWorkspaceKey: Symbol.for("CreateWorkspaceKey") as ServiceIdentifier<CreateWorkspaceKey>,
  revokeWorkspaceKey: Symbol.for("RevokeWorkspaceKey") as ServiceIdentifier<RevokeWorkspaceKey>,
  workspacePackStore: Symbol.for("WorkspacePackStore") as ServiceIdentifier<WorkspacePackStore>,
  checkPackAccess: Symbol.for("CheckPackAccess") as ServiceIdentifier<CheckPackAccess>,
  listWorkspacePacks: Symbol.for("ListWorkspacePacks") as ServiceIdentifier<ListWorkspacePacks>,
  enableWorkspacePack: Symbol.for("EnableWorkspacePack") as ServiceIdentifier<EnableWorkspacePack>,
  disableWorkspacePack: Symbol.for("DisableWorkspacePack") as ServiceIdentifier<DisableWorkspacePack>,
  usageStore: Symbol.for("UsageStore") as ServiceIdentifier<UsageStore>,
  recordUsage: Symbol.for("RecordUsage") as ServiceIdentifier<RecordUsage>,
  /** The one observer transports call per execute call (usage, metrics, … composed). */
  executionObserver: Symbol.for("ExecutionObserver") as ServiceIdentifier<ExecutionObserver>,
  queryKeyUsage: Symbol.for("QueryKeyUsage") as ServiceIdentifier<QueryKeyUsage>,
  queryWorkspaceUsage: Symbol.for("QueryWorkspaceUsage") as ServiceIdentifier<QueryWorkspaceUsage>,
  invitationStore: Symbol.for("InvitationStore") as ServiceIdentifier<InvitationStore>,
  inviteMember: Symbol.for("InviteMember") as ServiceIdentifier<InviteMember>,
  listInvitations: Symbol.for("ListInvitations") as ServiceIdentifier<ListInvitations>,
  revokeInvitation: Symbol.for("RevokeInvitation") as ServiceIdentifier<RevokeInvitation>,
  acceptInvitation: Symbol.for("AcceptInvitation") as ServiceIdentifier<AcceptInvitation>,
  changeMemberRole: Symbol.for("ChangeMemberRole") as ServiceIdentifier<ChangeMemberRole>,
  removeMember: Symbol.for("RemoveMember") as ServiceIdentifier<RemoveMember>,
  previewInvitation: Symbol.for("PreviewInvitation") as ServiceIdentifier<PreviewInvitation>,
  outbox: Symbol.for("Outbox") as ServiceIdentifier<Outbox>,
  webhookStore: Symbol.for("WebhookStore") as ServiceIdentifier<WebhookStore>,
  webhookSender: Symbol.for("WebhookSender") as ServiceIdentifier<WebhookSender>,
  mailer: Symbol.for("Mailer") as ServiceIdentifier<Mailer>,
  createWebhook: Symbol.for("CreateWebhook") as ServiceIdentifier<CreateWebhook>,
  listWebhooks: Symbol.for("ListWebhooks") as ServiceIdentifier<ListWebhooks>,
  updateWebhook: Symbol.for("UpdateWebhook") as ServiceIdentifier<UpdateWebhook>,
  deleteWebhook: Symbol.for("DeleteWebhook") as ServiceIdentifier<DeleteWebhook>,
  rotateWebhookSecret: Symbol.for("RotateWebhookSecret") as ServiceIdentifier<RotateWebhookSecret>,
  sendWebhookTest: Symbol.for("SendWebhookTest") as ServiceIdentifier<SendWebhookTest>,
  listWebhookDeliveries: Symbol.for("ListWebhookDeliveries") as ServiceIdentifier<ListWebhookDeliveries>,
  redeliverWebhookDelivery: Symbol.for("RedeliverWebhookDelivery") as ServiceIdentifier<RedeliverWebhookDelivery>,
  /** The OAuth authorization server for MCP clients (bound by adapters/bind-oauth.ts). */
  oauth: Symbol.for("OAuth") as ServiceIdentifier<OAuthUseCases>,
} as const;

/** What main.ts opens before wiring: connections and process-wide objects. */
export interface Infrastructure {
  readonly keys: ApiKeyStore;
  readonly limits: RateLimitStore;
  readonly audit: AuditLog;
  readonly runner: ToolRunner;
  readonly tools: readonly AnyTool[];
  readonly clock: Clock;
  readonly secrets: SecretSource;
  readonly env: Environment;
  readonly defaultPolicy: RateLimitPolicy;
  /** Keyv namespaces of the keys' backend, for accounts, workspaces and sessions; in this process's memory when absent (the CLI). */
  readonly keyv?: <T>(namespace: string) => Keyv<T>;
  /** The same namespaces with writes atomic across processes (sign-up's email claim); in-process locks when absent. */
  readonly atomic?: <T>(namespace: string) => AtomicRecords<T>;
  /** Defaults to scrypt at its production cost. */
  readonly passwordHasher?: PasswordHasher;
  /** New passwords' strength; defaults to zxcvbn-ts (the password-strength tool's setup). */
  readonly passwordRater?: PasswordRater;
  readonly sessionPolicy?: SessionPolicy;
  readonly attemptLimits?: AttemptLimits;
  /** Hears of bugs that ToolCall.execute answers as 500 internal_error. */
  readonly onBug?: (error: unknown) => void;
  /** Tool packs installed from TOOL_PACKS; their tools run but GET /tools keeps listing `tools` only. */
  readonly packs?: readonly InstalledPack[];
  /** Where usage counters are flushed; this process's memory when absent. */
  readonly usage?: UsageStore;
  /** False: execute calls are not counted for usage (the bench's "off"). Default true. */
  readonly recordUsage?: boolean;
  /** More observers of every execute call (metrics), beside usage recording. */
  readonly observers?: readonly ExecutionObserver[];
  /** The outbox, webhook endpoints and senders (bound by adapters/bind-events.ts). */
  readonly events: EventInfrastructure;
  /**
   * Seals TOTP and webhook signing secrets at rest (ENCRYPTION_KEY) in whichever account and webhook store is bound;
   * absent: one with no key, which stores them as they are and fails clearly on a sealed one.
   */
  readonly sealer?: SecretSealer;
}

/** What the events side is built from: given by main.ts, server.ts and createToolCore. */
export interface EventInfrastructure {
  readonly outbox: Outbox;
  readonly webhooks: WebhookStore;
  readonly webhookSender: WebhookSender;
  /** WEBHOOK_ALLOW_PRIVATE, for the other outward requests (OAuth Client ID Metadata Documents). */
  readonly allowPrivateTargets: boolean;
  readonly mailer: Mailer;
  /** The invitee's email for a new invitation (its link starts with PUBLIC_URL); no email without it. */
  readonly invitationEmail?: (input: InvitationEmailInput) => EmailMessage;
  /** PUBLIC_URL, read when a link is made; undefined: no account email carries a link (none is sent). */
  readonly publicUrl?: () => string;
  /** Whether email really leaves (SMTP_URL set). */
  readonly emailDelivered?: boolean;
}

/** In this process's memory: the default of `Infrastructure.keyv` (the CLI, tests). */
export const memoryKeyv = <T>(namespace: string): Keyv<T> => new Keyv<T>({ store: new Map(), namespace, throwOnErrors: true });
