import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../domain/account.ts";
import { AUDIT_EVENT_TYPES, AUDIT_PAGE_LIMITS, AUDIT_RETENTION } from "../../../domain/audit.ts";
import { DISPLAY_NAME_RULE } from "../../../domain/display-name.ts";
import { MAX_WORKSPACE_NAME_LENGTH, MAX_WORKSPACES_PER_ACCOUNT, ROLES } from "../../../domain/workspace.ts";
import { ref } from "./components.ts";
import { answer, body, data, id, list, object, operation, SESSION, SESSION_WITH_CSRF, text } from "./session-parts.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";

/** The session API as shared/contract.md's "Session API" table defines it; the routes live in ../session/. */

// Names are checked on the way in only, so an answer can still carry one saved before the rule.
const STORED_NAME = "As saved. A name saved by an older version may hold control or bidirectional-override characters: escape them before printing to a terminal.";
export const workspaceId = { name: "id", in: "path", required: true, description: "The workspace id.", schema: id("A workspace id.") };
const keyId = { name: "keyId", in: "path", required: true, description: "The key id.", schema: id("A key id (`key_…`).") };
const auditCursor = {
  name: "cursor", in: "query", required: false, description: "The `nextCursor` of the previous page; absent for the first page.",
  schema: { type: "string", minLength: 1, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" },
};
const auditLimit = {
  name: "limit", in: "query", required: false, description: `Events per page, 1 to ${AUDIT_PAGE_LIMITS.max}.`,
  schema: { type: "integer", format: "int32", minimum: 1, maximum: AUDIT_PAGE_LIMITS.max, default: AUDIT_PAGE_LIMITS.default },
};

/** The account, workspace and key schemas the session API answers with. */
export function sessionSchemas(): Record<string, OpenApiSchema> {
  const timestamp = text(64, { format: "date-time" });
  return {
    SignUpCredentials: object(["email", "password"], {
      email: text(MAX_EMAIL_LENGTH, { format: "email" }),
      password: text(MAX_PASSWORD_LENGTH, { minLength: MIN_PASSWORD_LENGTH, format: "password" }),
    }),
    SignInCredentials: object(["email", "password"], {
      email: text(MAX_EMAIL_LENGTH, { format: "email" }),
      password: text(MAX_PASSWORD_LENGTH, { minLength: 1, format: "password" }),
    }),
    WorkspaceName: object(["name"], { name: text(MAX_WORKSPACE_NAME_LENGTH, { minLength: 1, description: DISPLAY_NAME_RULE }) }),
    Account: object(["id", "email", "createdAt", "emailVerified", "totpEnabled"], {
      id: id("The account id."), email: text(MAX_EMAIL_LENGTH, { format: "email" }), createdAt: timestamp,
      emailVerified: { type: "boolean", description: "Whether a verification or password reset link sent to the email was opened." },
      totpEnabled: { type: "boolean", description: "Whether sign-in needs a TOTP code (or a recovery code) after the password." },
    }),
    Workspace: object(["id", "name", "personal", "createdAt"], {
      id: id("The workspace id."),
      name: text(MAX_WORKSPACE_NAME_LENGTH, { description: STORED_NAME }),
      personal: { type: "boolean", description: "The account's own workspace, made at sign-up." },
      createdAt: timestamp,
    }),
    Member: object(["accountId", "email", "role", "joinedAt", "emailVerified"], {
      accountId: id("The account id."), email: text(MAX_EMAIL_LENGTH, { format: "email" }), role: { type: "string", enum: [...ROLES] },
      joinedAt: { ...timestamp, description: "When the membership began: the workspace's creation, or the accepted invitation." },
      emailVerified: { type: "boolean", description: "Whether the member proved its address (a verification or password reset link)." },
    }),
    KeySummary: object(["id", "name", "env", "prefix", "status", "expiresAt", "scopes", "limit", "windowSeconds", "workspaceId", "createdAt", "lastUsedAt", "previousSecretExpiresAt", "createdBy"], {
      id: id("The key id."),
      name: text(64, { description: STORED_NAME }),
      env: ref("schemas", "Environment"),
      prefix: text(16),
      status: { type: "string", enum: ["active", "revoked", "expired"] },
      expiresAt: { ...timestamp, nullable: true, description: "When the key stops working; null: never." },
      scopes: ref("schemas", "KeyScopes"),
      limit: { type: "integer", format: "int32", minimum: 1, maximum: 1_000_000_000 },
      windowSeconds: { type: "integer", format: "int32", minimum: 1, maximum: 86_400 },
      workspaceId: { ...id("The workspace the key belongs to; null for keys made with the CLI."), nullable: true },
      createdAt: timestamp,
      lastUsedAt: { ...timestamp, nullable: true },
      previousSecretExpiresAt: { ...timestamp, nullable: true, description: "Until when the secret replaced by the last rotation still works; null when none does." },
      createdBy: { ...id("The account that created the key (members may change only their own keys); null for CLI keys and keys made before it was recorded."), nullable: true },
    }),
    AuditEvent: object(["id", "at", "type", "actor", "workspaceId"], {
      id: id("The event id."),
      at: timestamp,
      type: { type: "string", enum: [...AUDIT_EVENT_TYPES] },
      actor: { type: "object", description: "`{\"accountId\"}` for a dashboard account, `{\"cli\":true}` for the CLI, `{\"system\":true}` for an expiry the server noticed.",
        properties: { accountId: id("The account id."), cli: { type: "boolean" }, system: { type: "boolean" } } },
      workspaceId: { ...id("The workspace."), nullable: true },
      keyId: id("The key, for key events."),
      packId: id("The pack, for pack events."),
      changes: { type: "array", maxItems: 10, items: text(32), description: "For key.updated: the names of the changed fields." },
    }),
  };
}

/** Operations of the session API: sign-up/in/out, the session, workspaces, members and keys. */
export function sessionOperations(): Operation[] {
  return [...authOperations(), ...workspaceOperations(), ...keyChangeOperations()];
}

const account = ref("schemas", "Account");
const workspace = ref("schemas", "Workspace");

function authOperations(): Operation[] {
  return [
    operation("signUp", "Auth", "Create an account", "Creates an account with a personal workspace and signs it in. Public. Passwords with control characters or a zxcvbn score below 3 get 422 naming why; 20 sign-ups an hour per client address (an IPv6 client counts as its /64).", [], {
      requestBody: body(ref("schemas", "SignUpCredentials")),
      responses: { "201": answer("Signed up and in.", data({ account, csrfToken: text(256) }), 201, true), ...errorResponses([400, 409, 413, 415, 422, 429, 500, 503], { metered: false }) },
    }),
    operation("signIn", "Auth", "Sign in", "Starts a new session. A wrong email or password gets one identical 401 `invalid_credentials`. With two-factor sign-in on, the right password answers `mfaRequired: true` and an `mfaToken` (5 minutes, at most 5 codes) instead, with no session: then `POST /auth/sign-in/totp`. Public.", [], {
      requestBody: body(ref("schemas", "SignInCredentials")),
      responses: { "200": answer("Signed in, or (two-factor on) the second step to take.", { oneOf: [data({ account, csrfToken: text(256) }), data({
        mfaRequired: { type: "boolean", enum: [true] },
        mfaToken: text(64, { format: "password", description: "For `POST /auth/sign-in/totp`; shown this once." }),
        expiresAt: text(64, { format: "date-time", description: "When the mfaToken expires (5 minutes)." }),
      })] }, 200, true), ...errorResponses([400, 401, 413, 415, 422, 429, 500, 503], { metered: false }) },
    }),
    operation("signOut", "Auth", "Sign out", "Destroys the session and clears its cookie. A body is optional; if sent, it must be JSON.", SESSION_WITH_CSRF, {
      responses: { "200": answer("Signed out.", data({ signedOut: { type: "boolean", enum: [true] } }), 200, true), ...errorResponses([400, 401, 403, 413, 415, 500, 503], { metered: false }) },
    }),
    operation("getSession", "Auth", "Describe the session", "The signed-in account, its current workspace and the CSRF token.", SESSION, {
      responses: { "200": answer("The session.", data({ account, workspace, csrfToken: text(256) })), ...errorResponses([401, 500, 503], { metered: false }) },
    }),
  ];
}

function workspaceOperations(): Operation[] {
  const read = [401, 403, 404, 500, 503];
  // Every write also counts against the account's session-write limit (429).
  const write = [400, 401, 403, 404, 413, 415, 422, 429, 500, 503];
  return [
    operation("listWorkspaces", "Workspaces", "List workspaces", "The caller's workspaces.", SESSION, {
      responses: { "200": answer("The workspaces.", data({ workspaces: list(workspace) })), ...errorResponses([401, 500, 503], { metered: false }) },
    }),
    operation("createWorkspace", "Workspaces", "Create a workspace",
      `A new workspace owned by the caller. An account belongs to at most ${MAX_WORKSPACES_PER_ACCOUNT} workspaces (its personal one included): past that, 409 \`conflict\`.`, SESSION_WITH_CSRF, {
      requestBody: body(ref("schemas", "WorkspaceName")),
      responses: { "201": answer("Created.", data({ workspace }), 201), ...errorResponses([400, 401, 403, 409, 413, 415, 422, 429, 500, 503], { metered: false }) },
    }),
    operation("renameWorkspace", "Workspaces", "Rename a workspace", "Another account's workspace: 403 `forbidden` or 404, never its data.", SESSION_WITH_CSRF, {
      parameters: [workspaceId],
      requestBody: body(ref("schemas", "WorkspaceName")),
      responses: { "200": answer("Renamed.", data({ workspace })), ...errorResponses(write, { metered: false }) },
    }),
    operation("listMembers", "Workspaces", "List members", "The members of one of the caller's workspaces.", SESSION, {
      parameters: [workspaceId],
      responses: { "200": answer("The members.", data({ members: list(ref("schemas", "Member")) })), ...errorResponses(read, { metered: false }) },
    }),
    operation("listWorkspaceKeys", "Workspaces", "List a workspace's keys", "As `keys list --json`: never secrets. Keys are created in the dashboard.", SESSION, {
      parameters: [workspaceId],
      responses: { "200": answer("The keys.", data({ keys: list(ref("schemas", "KeySummary")) })), ...errorResponses(read, { metered: false }) },
    }),
    operation("revokeWorkspaceKey", "Workspaces", "Revoke a key", "The key gets 401 at once. A body is optional; if sent, it must be JSON.", SESSION_WITH_CSRF, {
      parameters: [workspaceId, keyId],
      responses: { "200": answer("Revoked: `status` is `revoked`.", data({ key: ref("schemas", "KeySummary") })), ...errorResponses([400, 401, 403, 404, 413, 415, 429, 500, 503], { metered: false }) },
    }),
  ];
}

/** Rotate, update and the audit list (issue 14). */
function keyChangeOperations(): Operation[] {
  const changeErrors = [400, 401, 403, 404, 413, 415, 422, 500, 503];
  const timestamp = text(64, { format: "date-time" });
  return [
    operation("rotateWorkspaceKey", "Workspaces", "Rotate a key",
      "A new secret for the same key id (name, limit, scope, workspace kept). The old secret keeps working for `graceSeconds` (default 86400, 0 to 604800), then gets the identical 401. The new secret is in this answer only. A body is optional.", SESSION_WITH_CSRF, {
      parameters: [workspaceId, keyId],
      requestBody: { required: false, content: { "application/json": { schema: object([], { graceSeconds: { type: "integer", format: "int32", minimum: 0, maximum: 604_800, default: 86_400 } }) } } },
      responses: {
        "200": answer("Rotated.", data({
          key: ref("schemas", "KeySummary"),
          secret: text(64, { description: "The new secret, shown this once.", format: "password" }),
          previousSecretExpiresAt: { ...timestamp, nullable: true, description: "When the old secret stops working; null with a grace of 0." },
        })),
        ...errorResponses(changeErrors, { metered: false }),
      },
    }),
    operation("updateWorkspaceKey", "Workspaces", "Change a key", "Name, limit and window, without a new secret; a new limit applies from the next request.", SESSION_WITH_CSRF, {
      parameters: [workspaceId, keyId],
      requestBody: body(object([], {
        name: text(64, { minLength: 1, description: DISPLAY_NAME_RULE }),
        limit: { type: "integer", format: "int32", minimum: 1, maximum: 1_000_000_000 },
        windowSeconds: { type: "integer", format: "int32", minimum: 1, maximum: 86_400 },
      })),
      responses: { "200": answer("The changed key.", data({ key: ref("schemas", "KeySummary") })), ...errorResponses(changeErrors, { metered: false }) },
    }),
    operation("listWorkspaceAudit", "Workspaces", "List a workspace's audit events",
      `One page of key, pack, member and invitation events, newest first, each with the actor's email (and, for key events, the key's name; for member events, the member's email); never a secret. Pass \`nextCursor\` back as \`cursor\` for the next page; events recorded meanwhile never shift a page. A workspace keeps its newest ${AUDIT_RETENTION} events.`, SESSION, {
      parameters: [workspaceId, auditCursor, auditLimit],
      responses: {
        "200": answer("One page of events.", data({
          events: list(ref("schemas", "AuditEvent"), AUDIT_PAGE_LIMITS.max),
          nextCursor: { ...text(200), nullable: true, description: "The `cursor` of the next page; null on the last page." },
        })),
        ...errorResponses([401, 403, 404, 422, 500, 503], { metered: false }),
      },
    }),
  ];
}
