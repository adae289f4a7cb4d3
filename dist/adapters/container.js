import "reflect-metadata";
import { Container } from "inversify";
import Keyv from "keyv";
import { DEFAULT_ATTEMPT_LIMITS } from "../application/attempt-limits.js";
import { AuthenticateKey } from "../application/authenticate-key.js";
import { ConsumeRateLimit } from "../application/consume-rate-limit.js";
import { CreateKey } from "../application/create-key.js";
import { CreateWorkspace } from "../application/create-workspace.js";
import { CreateWorkspaceKey } from "../application/create-workspace-key.js";
import { ExecuteTool } from "../application/execute-tool.js";
import { ListKeys } from "../application/list-keys.js";
import { ListMembers } from "../application/list-members.js";
import { ListWorkspaceKeys } from "../application/list-workspace-keys.js";
import { ListWorkspaces } from "../application/list-workspaces.js";
import { RenameWorkspace } from "../application/rename-workspace.js";
import { ResolveSession } from "../application/resolve-session.js";
import { RevokeKey } from "../application/revoke-key.js";
import { RevokeWorkspaceKey } from "../application/revoke-workspace-key.js";
import { SignIn } from "../application/sign-in.js";
import { SignOut } from "../application/sign-out.js";
import { SignUp } from "../application/sign-up.js";
import { SwitchWorkspace } from "../application/switch-workspace.js";
import { ToolCall } from "../application/tool-call.js";
import { DEFAULT_SESSION_POLICY } from "../domain/session.js";
import { ScryptPasswordHasher } from "./security/scrypt-password-hasher.js";
import { KeyvAccountStore } from "./storage/keyv-account-store.js";
import { KeyvFlashStore, KeyvSessionStore } from "./storage/keyv-session-store.js";
import { KeyvWorkspaceStore } from "./storage/keyv-workspace-store.js";
import { AjvSchemaValidator } from "./tools/ajv-schema-validator.js";
import { StaticToolCatalog } from "./tools/static-tool-catalog.js";
/** Typed tokens, one per port and use case. */
export const TOKENS = {
    apiKeyStore: Symbol.for("ApiKeyStore"),
    rateLimitStore: Symbol.for("RateLimitStore"),
    toolCatalog: Symbol.for("ToolCatalog"),
    schemaValidator: Symbol.for("SchemaValidator"),
    toolRunner: Symbol.for("ToolRunner"),
    clock: Symbol.for("Clock"),
    secretSource: Symbol.for("SecretSource"),
    authenticateKey: Symbol.for("AuthenticateKey"),
    consumeRateLimit: Symbol.for("ConsumeRateLimit"),
    executeTool: Symbol.for("ExecuteTool"),
    toolCall: Symbol.for("ToolCall"),
    createKey: Symbol.for("CreateKey"),
    revokeKey: Symbol.for("RevokeKey"),
    listKeys: Symbol.for("ListKeys"),
    accountStore: Symbol.for("AccountStore"),
    workspaceStore: Symbol.for("WorkspaceStore"),
    sessionStore: Symbol.for("SessionStore"),
    flashStore: Symbol.for("FlashStore"),
    passwordHasher: Symbol.for("PasswordHasher"),
    signUp: Symbol.for("SignUp"),
    signIn: Symbol.for("SignIn"),
    signOut: Symbol.for("SignOut"),
    resolveSession: Symbol.for("ResolveSession"),
    switchWorkspace: Symbol.for("SwitchWorkspace"),
    listWorkspaces: Symbol.for("ListWorkspaces"),
    createWorkspace: Symbol.for("CreateWorkspace"),
    renameWorkspace: Symbol.for("RenameWorkspace"),
    listMembers: Symbol.for("ListMembers"),
    listWorkspaceKeys: Symbol.for("ListWorkspaceKeys"),
    createWorkspaceKey: Symbol.for("CreateWorkspaceKey"),
    revokeWorkspaceKey: Symbol.for("RevokeWorkspaceKey"),
};
/** The composition root: the only place that knows every implementation. */
export function buildContainer(infra) {
    const container = new Container({ defaultScope: "Singleton" });
    const catalog = new StaticToolCatalog(infra.tools);
    container.bind(TOKENS.apiKeyStore).toConstantValue(infra.keys);
    container.bind(TOKENS.rateLimitStore).toConstantValue(infra.limits);
    container.bind(TOKENS.toolRunner).toConstantValue(infra.runner);
    container.bind(TOKENS.clock).toConstantValue(infra.clock);
    container.bind(TOKENS.secretSource).toConstantValue(infra.secrets);
    container.bind(TOKENS.toolCatalog).toConstantValue(catalog);
    container.bind(TOKENS.schemaValidator).toConstantValue(new AjvSchemaValidator(catalog.serverTools()));
    container.bind(TOKENS.authenticateKey).toResolvedValue((keys, clock) => new AuthenticateKey({ keys, clock, env: infra.env }), [TOKENS.apiKeyStore, TOKENS.clock]);
    container.bind(TOKENS.consumeRateLimit).toResolvedValue((limits) => new ConsumeRateLimit({ limits }), [TOKENS.rateLimitStore]);
    container.bind(TOKENS.executeTool).toResolvedValue((tools, schemas, runner) => new ExecuteTool({ tools, schemas, runner }), [TOKENS.toolCatalog, TOKENS.schemaValidator, TOKENS.toolRunner]);
    container.bind(TOKENS.toolCall).toResolvedValue((authenticateKey, consumeRateLimit, executeTool) => new ToolCall({ authenticateKey, consumeRateLimit, executeTool, onBug: infra.onBug }), [TOKENS.authenticateKey, TOKENS.consumeRateLimit, TOKENS.executeTool]);
    container.bind(TOKENS.createKey).toResolvedValue((keys, secrets, clock) => new CreateKey({ keys, secrets, clock, defaultPolicy: infra.defaultPolicy }), [TOKENS.apiKeyStore, TOKENS.secretSource, TOKENS.clock]);
    container.bind(TOKENS.revokeKey).toResolvedValue((keys, clock) => new RevokeKey({ keys, clock }), [TOKENS.apiKeyStore, TOKENS.clock]);
    container.bind(TOKENS.listKeys).toResolvedValue((keys) => new ListKeys({ keys }), [TOKENS.apiKeyStore]);
    bindAccountStores(container, infra);
    bindAccountUseCases(container, infra);
    return container;
}
/** The session API's and the dashboard's dependencies, resolved from a built container. */
export function resolveAccountDeps(container, infra) {
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
        listWorkspaceKeys: container.get(TOKENS.listWorkspaceKeys),
        createWorkspaceKey: container.get(TOKENS.createWorkspaceKey),
        revokeWorkspaceKey: container.get(TOKENS.revokeWorkspaceKey),
        flash: container.get(TOKENS.flashStore),
        appEnv: infra.env, defaultPolicy: infra.defaultPolicy,
    };
}
const memoryKeyv = (namespace) => new Keyv({ store: new Map(), namespace, throwOnErrors: true });
function bindAccountStores(container, infra) {
    const keyv = infra.keyv ?? memoryKeyv;
    container.bind(TOKENS.accountStore).toConstantValue(new KeyvAccountStore(keyv("accounts"), keyv("account-emails")));
    container.bind(TOKENS.workspaceStore).toConstantValue(new KeyvWorkspaceStore(keyv("workspaces"), keyv("workspace-members"), keyv("account-workspaces")));
    container.bind(TOKENS.sessionStore).toConstantValue(new KeyvSessionStore(keyv("sessions"), infra.clock));
    container.bind(TOKENS.flashStore).toConstantValue(new KeyvFlashStore(keyv("dashboard-flash")));
    container.bind(TOKENS.passwordHasher).toConstantValue(infra.passwordHasher ?? new ScryptPasswordHasher());
}
/** The dashboard's use cases: accounts, sessions, workspaces and the workspace views of keys. */
function bindAccountUseCases(container, infra) {
    const sessionPolicy = infra.sessionPolicy ?? DEFAULT_SESSION_POLICY;
    const auth = (accounts, workspaces, sessions, hasher, limits) => ({ accounts, workspaces, sessions, hasher, limits, secrets: infra.secrets, clock: infra.clock, sessionPolicy, attemptLimits: infra.attemptLimits ?? DEFAULT_ATTEMPT_LIMITS });
    const authTokens = [TOKENS.accountStore, TOKENS.workspaceStore, TOKENS.sessionStore, TOKENS.passwordHasher, TOKENS.rateLimitStore];
    container.bind(TOKENS.signUp).toResolvedValue((...deps) => new SignUp(auth(...deps)), [...authTokens]);
    container.bind(TOKENS.signIn).toResolvedValue((...deps) => new SignIn(auth(...deps)), [...authTokens]);
    container.bind(TOKENS.signOut).toResolvedValue((sessions) => new SignOut({ sessions }), [TOKENS.sessionStore]);
    container.bind(TOKENS.resolveSession).toResolvedValue((sessions, accounts, workspaces) => new ResolveSession({ sessions, accounts, workspaces, clock: infra.clock, sessionPolicy }), [TOKENS.sessionStore, TOKENS.accountStore, TOKENS.workspaceStore]);
    container.bind(TOKENS.switchWorkspace).toResolvedValue((sessions, workspaces) => new SwitchWorkspace({ sessions, workspaces, sessionPolicy }), [TOKENS.sessionStore, TOKENS.workspaceStore]);
    container.bind(TOKENS.listWorkspaces).toResolvedValue((workspaces) => new ListWorkspaces({ workspaces }), [TOKENS.workspaceStore]);
    container.bind(TOKENS.createWorkspace).toResolvedValue((workspaces) => new CreateWorkspace({ workspaces, secrets: infra.secrets, clock: infra.clock }), [TOKENS.workspaceStore]);
    container.bind(TOKENS.renameWorkspace).toResolvedValue((workspaces) => new RenameWorkspace({ workspaces }), [TOKENS.workspaceStore]);
    container.bind(TOKENS.listMembers).toResolvedValue((workspaces, accounts) => new ListMembers({ workspaces, accounts }), [TOKENS.workspaceStore, TOKENS.accountStore]);
    bindWorkspaceKeyUseCases(container);
}
function bindWorkspaceKeyUseCases(container) {
    container.bind(TOKENS.listWorkspaceKeys).toResolvedValue((workspaces, listKeys) => new ListWorkspaceKeys({ workspaces, listKeys }), [TOKENS.workspaceStore, TOKENS.listKeys]);
    container.bind(TOKENS.createWorkspaceKey).toResolvedValue((workspaces, createKey) => new CreateWorkspaceKey({ workspaces, createKey }), [TOKENS.workspaceStore, TOKENS.createKey]);
    container.bind(TOKENS.revokeWorkspaceKey).toResolvedValue((workspaces, revokeKey) => new RevokeWorkspaceKey({ workspaces, revokeKey }), [TOKENS.workspaceStore, TOKENS.revokeKey]);
}
