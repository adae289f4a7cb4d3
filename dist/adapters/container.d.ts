import "reflect-metadata";
import { Container, type ServiceIdentifier } from "inversify";
import Keyv from "keyv";
import { type AttemptLimits } from "../application/attempt-limits.ts";
import { AuthenticateKey } from "../application/authenticate-key.ts";
import { ConsumeRateLimit } from "../application/consume-rate-limit.ts";
import { CreateKey } from "../application/create-key.ts";
import { CreateWorkspace } from "../application/create-workspace.ts";
import { CreateWorkspaceKey } from "../application/create-workspace-key.ts";
import { ExecuteTool } from "../application/execute-tool.ts";
import { ListKeys } from "../application/list-keys.ts";
import { ListMembers } from "../application/list-members.ts";
import { ListWorkspaceKeys } from "../application/list-workspace-keys.ts";
import { ListWorkspaces } from "../application/list-workspaces.ts";
import type { AccountStore, ApiKeyStore, Clock, FlashStore, PasswordHasher, RateLimitStore, SchemaValidator, SecretSource, SessionStore, ToolCatalog, ToolRunner, WorkspaceStore } from "../application/ports.ts";
import { RenameWorkspace } from "../application/rename-workspace.ts";
import { ResolveSession } from "../application/resolve-session.ts";
import { RevokeKey } from "../application/revoke-key.ts";
import { RevokeWorkspaceKey } from "../application/revoke-workspace-key.ts";
import { SignIn } from "../application/sign-in.ts";
import { SignOut } from "../application/sign-out.ts";
import { SignUp } from "../application/sign-up.ts";
import { SwitchWorkspace } from "../application/switch-workspace.ts";
import { ToolCall } from "../application/tool-call.ts";
import type { Environment, RateLimitPolicy } from "../domain/api-key.ts";
import { type SessionPolicy } from "../domain/session.ts";
import type { AnyTool } from "../domain/tool.ts";
import type { AccountDeps } from "./http/session/session-deps.ts";
/** Typed tokens, one per port and use case. */
export declare const TOKENS: {
    readonly apiKeyStore: ServiceIdentifier<ApiKeyStore>;
    readonly rateLimitStore: ServiceIdentifier<RateLimitStore>;
    readonly toolCatalog: ServiceIdentifier<ToolCatalog>;
    readonly schemaValidator: ServiceIdentifier<SchemaValidator>;
    readonly toolRunner: ServiceIdentifier<ToolRunner>;
    readonly clock: ServiceIdentifier<Clock>;
    readonly secretSource: ServiceIdentifier<SecretSource>;
    readonly authenticateKey: ServiceIdentifier<AuthenticateKey>;
    readonly consumeRateLimit: ServiceIdentifier<ConsumeRateLimit>;
    readonly executeTool: ServiceIdentifier<ExecuteTool>;
    readonly toolCall: ServiceIdentifier<ToolCall>;
    readonly createKey: ServiceIdentifier<CreateKey>;
    readonly revokeKey: ServiceIdentifier<RevokeKey>;
    readonly listKeys: ServiceIdentifier<ListKeys>;
    readonly accountStore: ServiceIdentifier<AccountStore>;
    readonly workspaceStore: ServiceIdentifier<WorkspaceStore>;
    readonly sessionStore: ServiceIdentifier<SessionStore>;
    readonly flashStore: ServiceIdentifier<FlashStore>;
    readonly passwordHasher: ServiceIdentifier<PasswordHasher>;
    readonly signUp: ServiceIdentifier<SignUp>;
    readonly signIn: ServiceIdentifier<SignIn>;
    readonly signOut: ServiceIdentifier<SignOut>;
    readonly resolveSession: ServiceIdentifier<ResolveSession>;
    readonly switchWorkspace: ServiceIdentifier<SwitchWorkspace>;
    readonly listWorkspaces: ServiceIdentifier<ListWorkspaces>;
    readonly createWorkspace: ServiceIdentifier<CreateWorkspace>;
    readonly renameWorkspace: ServiceIdentifier<RenameWorkspace>;
    readonly listMembers: ServiceIdentifier<ListMembers>;
    readonly listWorkspaceKeys: ServiceIdentifier<ListWorkspaceKeys>;
    readonly createWorkspaceKey: ServiceIdentifier<CreateWorkspaceKey>;
    readonly revokeWorkspaceKey: ServiceIdentifier<RevokeWorkspaceKey>;
};
/** What main.ts opens before wiring: connections and process-wide objects. */
export interface Infrastructure {
    readonly keys: ApiKeyStore;
    readonly limits: RateLimitStore;
    readonly runner: ToolRunner;
    readonly tools: readonly AnyTool[];
    readonly clock: Clock;
    readonly secrets: SecretSource;
    readonly env: Environment;
    readonly defaultPolicy: RateLimitPolicy;
    /** Keyv namespaces of the keys' backend, for accounts, workspaces and sessions; in this process's memory when absent (the CLI). */
    readonly keyv?: <T>(namespace: string) => Keyv<T>;
    /** Defaults to scrypt at its production cost. */
    readonly passwordHasher?: PasswordHasher;
    readonly sessionPolicy?: SessionPolicy;
    readonly attemptLimits?: AttemptLimits;
    /** Hears of bugs that ToolCall.execute answers as 500 internal_error. */
    readonly onBug?: (error: unknown) => void;
}
/** The composition root: the only place that knows every implementation. */
export declare function buildContainer(infra: Infrastructure): Container;
/** The session API's and the dashboard's dependencies, resolved from a built container. */
export declare function resolveAccountDeps(container: Container, infra: Pick<Infrastructure, "env" | "defaultPolicy">): AccountDeps;
