import "reflect-metadata";
import { Container, type ServiceIdentifier } from "inversify";
import Keyv from "keyv";
import type { AtomicRecords } from "./storage/atomic-records.ts";
import { type AttemptLimits } from "../application/attempt-limits.ts";
import { AuthenticateKey } from "../application/authenticate-key.ts";
import { ConsumeRateLimit } from "../application/consume-rate-limit.ts";
import { CreateKey } from "../application/create-key.ts";
import { CreateWorkspace } from "../application/create-workspace.ts";
import type { CountSessionWrite } from "../application/count-session-write.ts";
import type { ListAudit } from "../application/list-audit.ts";
import type { CheckPackAccess } from "../application/check-pack-access.ts";
import type { DisableWorkspacePack, EnableWorkspacePack, ListWorkspacePacks } from "../application/workspace-packs.ts";
import { CreateWorkspaceKey } from "../application/create-workspace-key.ts";
import { ExecuteTool } from "../application/execute-tool.ts";
import { ListKeys } from "../application/list-keys.ts";
import { ListMembers } from "../application/list-members.ts";
import { ListWorkspaceKeys } from "../application/list-workspace-keys.ts";
import { ListWorkspaces } from "../application/list-workspaces.ts";
import type {
  AccountStore, ApiKeyStore, AuditLog, Clock, ExecutionObserver, FlashStore, InvitationStore, PasswordHasher, PasswordRater, RateLimitStore, SchemaValidator, SecretSource, SessionStore,
  ToolCatalog, ToolRunner, UsageStore, WorkspacePackStore, WorkspaceStore, Mailer, Outbox, WebhookSender, WebhookStore,
} from "../application/ports.ts";
import type { QueryKeyUsage, QueryWorkspaceUsage } from "../application/query-usage.ts";
import type { AcceptInvitation } from "../application/accept-invitation.ts";
import type { ChangeMemberRole } from "../application/change-member-role.ts";
import type { InviteMember } from "../application/invite-member.ts";
import type { RemoveMember } from "../application/remove-member.ts";
import type { PreviewInvitation } from "../application/preview-invitation.ts";
import type { ListInvitations, RevokeInvitation } from "../application/workspace-invitations.ts";
import type { RecordUsage } from "../application/record-usage.ts";
import { RenameWorkspace } from "../application/rename-workspace.ts";
import { ResolveSession } from "../application/resolve-session.ts";
import type { AuditDeps } from "../application/record-audit.ts";
import { RevokeKey } from "../application/revoke-key.ts";
import { RotateKey } from "../application/rotate-key.ts";
import { UpdateKey } from "../application/update-key.ts";
import { WorkspaceKeyChanges } from "../application/workspace-key-changes.ts";
import { RevokeWorkspaceKey } from "../application/revoke-workspace-key.ts";
import { SignIn } from "../application/sign-in.ts";
import { SignOut } from "../application/sign-out.ts";
import { SignUp } from "../application/sign-up.ts";
import { SwitchWorkspace } from "../application/switch-workspace.ts";
import { ToolCall } from "../application/tool-call.ts";
import type { Environment, RateLimitPolicy } from "../domain/api-key.ts";
import { type SessionPolicy } from "../domain/session.ts";
import type { AnyTool } from "../domain/tool.ts";
import type { InstalledPack } from "../domain/tool-pack.ts";
import { bindAccountStores, bindAccountUseCases } from "./bind-accounts.ts";
import { bindEvents, type EventInfrastructure } from "./bind-events.ts";
import { noteFirstRefusal } from "../application/key-notices.ts";
export { resolveAccountDeps } from "./bind-accounts.ts";
import { bindPackUseCases } from "./packs/bind-packs.ts";
import { bindUsage } from "./bind-usage.ts";
import { bindWebhooks } from "./bind-webhooks.ts";
import type { CreateWebhook } from "../application/create-webhook.ts";
import type { ListWebhookDeliveries, RedeliverWebhookDelivery, SendWebhookTest } from "../application/webhook-deliveries.ts";
import type { DeleteWebhook, ListWebhooks, RotateWebhookSecret, UpdateWebhook } from "../application/webhook-endpoints.ts";
import { AjvSchemaValidator } from "./tools/ajv-schema-validator.ts";
import { StaticToolCatalog } from "./tools/static-tool-catalog.ts";

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
  /** The outbox, webhook endpoints and senders (adapters/bind-events.ts). */
  readonly events: EventInfrastructure;
}

/** The composition root: the only place that knows every implementation. */
export function buildContainer(infra: Infrastructure): Container {
  const container = new Container({ defaultScope: "Singleton" });
  const catalog = new StaticToolCatalog(infra.tools, (infra.packs ?? []).flatMap((pack) => pack.tools));
  container.bind(TOKENS.apiKeyStore).toConstantValue(infra.keys);
  container.bind(TOKENS.rateLimitStore).toConstantValue(infra.limits);
  container.bind(TOKENS.toolRunner).toConstantValue(infra.runner);
  container.bind(TOKENS.clock).toConstantValue(infra.clock);
  container.bind(TOKENS.secretSource).toConstantValue(infra.secrets);
  container.bind(TOKENS.toolCatalog).toConstantValue(catalog);
  container.bind(TOKENS.schemaValidator).toConstantValue(new AjvSchemaValidator(catalog.serverTools()));

  container.bind(TOKENS.auditLog).toConstantValue(infra.audit);
  bindKeyUseCases(container, infra);
  container.bind(TOKENS.consumeRateLimit).toResolvedValue((limits: RateLimitStore) => new ConsumeRateLimit({ limits, onRefused: refusalNotice(infra) }), [TOKENS.rateLimitStore]);
  container.bind(TOKENS.executeTool).toResolvedValue(
    (tools: ToolCatalog, schemas: SchemaValidator, runner: ToolRunner) => new ExecuteTool({ tools, schemas, runner }),
    [TOKENS.toolCatalog, TOKENS.schemaValidator, TOKENS.toolRunner],
  );
  container.bind(TOKENS.toolCall).toResolvedValue(
    (authenticateKey: AuthenticateKey, consumeRateLimit: ConsumeRateLimit, executeTool: ExecuteTool, checkPackAccess: CheckPackAccess) =>
      new ToolCall({ authenticateKey, consumeRateLimit, executeTool, checkPackAccess, onBug: infra.onBug }),
    [TOKENS.authenticateKey, TOKENS.consumeRateLimit, TOKENS.executeTool, TOKENS.checkPackAccess],
  );
  bindAccountStores(container, infra);
  bindAccountUseCases(container, infra);
  bindPackUseCases(container, infra);
  bindUsage(container, infra);
  bindWebhooks(container, infra);
  bindEvents(container, infra);
  return container;
}

/** `key.rate_limited` on a key's first 429 of a window: stored before that 429 is answered; a failure to store it is logged, the 429 stands. */
function refusalNotice(infra: Infrastructure): ConstructorParameters<typeof ConsumeRateLimit>[0]["onRefused"] {
  const { outbox } = infra.events;
  const deps = { outbox, clock: infra.clock, secrets: infra.secrets };
  return (key, hit) => (hit.count === key.policy.limit + 1 ? noteFirstRefusal(deps, key, hit).catch((error) => infra.onBug?.(error)) : undefined);
}

/** Every use case that changes or reads keys shares the store, the audit log, the clock and the CSPRNG. */
function bindKeyUseCases(container: Container, infra: Infrastructure): void {
  const deps = [TOKENS.apiKeyStore, TOKENS.auditLog, TOKENS.clock, TOKENS.secretSource] as const;
  const keyDeps = (keys: ApiKeyStore, audit: AuditLog, clock: Clock, secrets: SecretSource): AuditDeps & { keys: ApiKeyStore } =>
    ({ keys, audit, clock, secrets, outbox: infra.events.outbox });
  container.bind(TOKENS.authenticateKey).toResolvedValue(
    (keys: ApiKeyStore, audit: AuditLog, clock: Clock, secrets: SecretSource) =>
      new AuthenticateKey({ ...keyDeps(keys, audit, clock, secrets), env: infra.env }),
    [...deps],
  );
  container.bind(TOKENS.createKey).toResolvedValue(
    (keys: ApiKeyStore, audit: AuditLog, clock: Clock, secrets: SecretSource) =>
      new CreateKey({ ...keyDeps(keys, audit, clock, secrets), defaultPolicy: infra.defaultPolicy }),
    [...deps],
  );
  container.bind(TOKENS.revokeKey).toResolvedValue((...args: Parameters<typeof keyDeps>) => new RevokeKey(keyDeps(...args)), [...deps]);
  container.bind(TOKENS.listKeys).toResolvedValue((...args: Parameters<typeof keyDeps>) => new ListKeys(keyDeps(...args)), [...deps]);
  container.bind(TOKENS.rotateKey).toResolvedValue((...args: Parameters<typeof keyDeps>) => new RotateKey(keyDeps(...args)), [...deps]);
  container.bind(TOKENS.updateKey).toResolvedValue((...args: Parameters<typeof keyDeps>) => new UpdateKey(keyDeps(...args)), [...deps]);
}

export const memoryKeyv = <T>(namespace: string): Keyv<T> => new Keyv<T>({ store: new Map(), namespace, throwOnErrors: true });

