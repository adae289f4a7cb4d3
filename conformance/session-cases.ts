import type { Document } from "./expectations.ts";
import { caseFor, type ConformanceCase } from "./expectations.ts";
import { anonymousAccountCases, signedInAccountCases, unauthenticatedAccountCalls } from "./account-cases.ts";
import type { SessionFixture } from "./session-fixture.ts";


const UNKNOWN_ID = "ws_conformance_unknown";
const UNKNOWN_WEBHOOK = "wh_conformance_unknown";
const json = (value: unknown) => ({ type: "application/json", value });

/** Session API answers any client can provoke: 401 without a session, 401 bad credentials, 415, 422. */
export function anonymousSessionCases(document: Document): ConformanceCase[] {
  const at = (method: "GET" | "POST" | "PATCH" | "DELETE", docPath: string, path = docPath) => ({ method, docPath, path });
  const cases = [
    caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.invalid", title: "POST /auth/sign-up: bad email and short password", auth: "none", body: json({ email: "not-an-email", password: "short" }), status: 422, errorCode: "invalid_input" }),
    caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.text-body", title: "POST /auth/sign-up: text/plain body", auth: "none", body: { type: "text/plain", value: "email=x" }, status: 415, errorCode: "unsupported_media_type" }),
    caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.array-body", title: "POST /auth/sign-up: a JSON body that is not an object", auth: "none", body: json([]), status: 400, errorCode: "invalid_request" }),
    caseFor(document, { ...at("POST", "/auth/sign-in"), id: "sign-in.wrong", title: "POST /auth/sign-in: unknown account", auth: "none", body: json({ email: "nobody@conformance.invalid", password: "not-the-password-1" }), status: 401, errorCode: "invalid_credentials" }),
    caseFor(document, { ...at("POST", "/auth/sign-in"), id: "sign-in.empty", title: "POST /auth/sign-in: no fields", auth: "none", body: json({}), status: 422, errorCode: "invalid_input" }),
    caseFor(document, { ...at("POST", "/auth/sign-in/totp"), id: "sign-in-totp.unknown", title: "POST /auth/sign-in/totp: unknown mfaToken", auth: "none", body: json({ mfaToken: "A".repeat(43), code: "123456" }), status: 401, errorCode: "invalid_credentials" }),
    caseFor(document, { ...at("POST", "/auth/sign-in/totp"), id: "sign-in-totp.empty", title: "POST /auth/sign-in/totp: no fields", auth: "none", body: json({}), status: 422, errorCode: "invalid_input" }),
  ];
  const unauthenticated: [method: "GET" | "POST" | "PATCH" | "DELETE", docPath: string, path: string, body?: unknown][] = [
    ["POST", "/auth/sign-out", "/auth/sign-out"],
    ["GET", "/auth/session", "/auth/session"],
    ["POST", "/auth/totp", "/auth/totp"],
    ["POST", "/auth/totp/enable", "/auth/totp/enable", { code: "123456" }],
    ["DELETE", "/auth/totp", "/auth/totp", { code: "123456" }],
    ["POST", "/auth/password", "/auth/password", { currentPassword: "not-the-password-1", newPassword: "not-the-password-2" }],
    ["GET", "/auth/sessions", "/auth/sessions"],
    ["DELETE", "/auth/sessions", "/auth/sessions"],
    ["DELETE", "/auth/sessions/{id}", "/auth/sessions/ses_0123456789abcdef01234567"],
    ["DELETE", "/auth/account", "/auth/account", { password: "not-the-password-1" }],
    ["GET", "/workspaces", "/workspaces"],
    ["POST", "/workspaces", "/workspaces", { name: "x" }],
    ["PATCH", "/workspaces/{id}", `/workspaces/${UNKNOWN_ID}`, { name: "x" }],
    ["GET", "/workspaces/{id}/members", `/workspaces/${UNKNOWN_ID}/members`],
    ["GET", "/workspaces/{id}/keys", `/workspaces/${UNKNOWN_ID}/keys`],
    ["POST", "/workspaces/{id}/keys/{keyId}/revoke", `/workspaces/${UNKNOWN_ID}/keys/key_unknown/revoke`],
    ["PATCH", "/workspaces/{id}/members/{accountId}", `/workspaces/${UNKNOWN_ID}/members/acct_unknown`, { role: "member" }],
    ["DELETE", "/workspaces/{id}/members/{accountId}", `/workspaces/${UNKNOWN_ID}/members/acct_unknown`],
    ["GET", "/workspaces/{id}/invitations", `/workspaces/${UNKNOWN_ID}/invitations`],
    ["POST", "/workspaces/{id}/invitations", `/workspaces/${UNKNOWN_ID}/invitations`, { email: "x@example.com", role: "member" }],
    ["DELETE", "/workspaces/{id}/invitations/{invitationId}", `/workspaces/${UNKNOWN_ID}/invitations/inv_unknown`],
    ["POST", "/invitations/accept", "/invitations/accept", { token: "A".repeat(43) }],
    ...unauthenticatedWebhookCalls(),
    ...unauthenticatedAccountCalls,
  ];
  for (const [method, docPath, path, body] of unauthenticated) {
    const id = `session.no-session.${method.toLowerCase()}${docPath.replace(/[{}]/g, "").replaceAll("/", ".")}`;
    cases.push(caseFor(document, { ...at(method, docPath, path), id, title: `${method} ${docPath}: no session`, auth: "none", ...(body ? { body: json(body) } : {}), status: 401, errorCode: "unauthorized" }));
  }
  return [...cases, ...anonymousAccountCases(document)];
}

/** Signed-in answers: 200/201, 403 csrf_failed and forbidden, 404, 409, 422; sign-out comes last. */
export function signedInCases(document: Document, fixture: SessionFixture, skipRevoke?: string): ConformanceCase[] {
  const { workspaceId, extraWorkspaceId, foreignWorkspaceId } = fixture;
  const at = (method: "GET" | "POST" | "PATCH", docPath: string, path = docPath) => ({ method, docPath, path });
  const members = (id: string) => at("GET", "/workspaces/{id}/members", `/workspaces/${id}/members`);
  const revoke = (keyId: string) => at("POST", "/workspaces/{id}/keys/{keyId}/revoke", `/workspaces/${workspaceId}/keys/${keyId}/revoke`);
  return [
    caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.ok", title: "POST /auth/sign-up", auth: "none", body: json({ email: fixture.newEmail, password: fixture.password }), status: 201 }),
    caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.taken", title: "POST /auth/sign-up: email taken", auth: "none", body: json({ email: fixture.email, password: fixture.password }), status: 409, errorCode: "conflict" }),
    caseFor(document, { ...at("POST", "/auth/sign-in"), id: "sign-in.ok", title: "POST /auth/sign-in", auth: "none", body: json({ email: fixture.email, password: fixture.password }), status: 200 }),
    caseFor(document, { ...at("GET", "/auth/session"), id: "session.current", title: "GET /auth/session", auth: "session", status: 200 }),
    caseFor(document, { ...at("POST", "/auth/totp/enable"), id: "totp.enable-not-started", title: "POST /auth/totp/enable: no set-up started", auth: "session", body: json({ code: "123456" }), status: 409, errorCode: "conflict" }),
    caseFor(document, { ...at("GET", "/workspaces"), id: "workspaces.list", title: "GET /workspaces", auth: "session", status: 200 }),
    caseFor(document, { ...at("POST", "/workspaces"), id: "workspaces.create", title: "POST /workspaces", auth: "session", body: json({ name: "Conformance" }), status: 201 }),
    caseFor(document, { ...at("POST", "/workspaces"), id: "workspaces.create-no-csrf", title: "POST /workspaces without X-CSRF-Token", auth: "session-no-csrf", body: json({ name: "Conformance" }), status: 403, errorCode: "csrf_failed" }),
    caseFor(document, { ...at("POST", "/workspaces"), id: "workspaces.create-empty-name", title: "POST /workspaces: empty name", auth: "session", body: json({ name: "" }), status: 422, errorCode: "invalid_input" }),
    caseFor(document, { ...at("PATCH", "/workspaces/{id}", `/workspaces/${extraWorkspaceId}`), id: "workspaces.rename", title: "PATCH /workspaces/{id}", auth: "session", body: json({ name: "Conformance renamed" }), status: 200 }),
    caseFor(document, { ...at("PATCH", "/workspaces/{id}", `/workspaces/${UNKNOWN_ID}`), id: "workspaces.rename-unknown", title: "PATCH /workspaces/{id}: unknown workspace", auth: "session", body: json({ name: "x" }), status: 404, errorCode: "not_found" }),
    caseFor(document, { ...members(workspaceId), id: "workspaces.members", title: "GET /workspaces/{id}/members", auth: "session", status: 200 }),
    caseFor(document, { ...members(foreignWorkspaceId), id: "workspaces.members-foreign", title: "GET /workspaces/{id}/members: another account's workspace", auth: "session", status: 403, errorCode: "forbidden" }),
    caseFor(document, { ...members(UNKNOWN_ID), id: "workspaces.members-unknown", title: "GET /workspaces/{id}/members: unknown workspace", auth: "session", status: 404, errorCode: "not_found" }),
    caseFor(document, { ...at("GET", "/workspaces/{id}/keys", `/workspaces/${workspaceId}/keys`), id: "workspaces.keys", title: "GET /workspaces/{id}/keys", auth: "session", status: 200 }),
    caseFor(document, { ...revoke(fixture.revocableKeyId ?? "key_unknown"), id: "workspaces.revoke", title: "POST /workspaces/{id}/keys/{keyId}/revoke", auth: "session", status: 200, skip: skipRevoke }),
    caseFor(document, { ...revoke("key_unknown"), id: "workspaces.revoke-unknown", title: "POST /workspaces/{id}/keys/{keyId}/revoke: unknown key", auth: "session", status: 404, errorCode: "not_found" }),
    ...memberCases(document, fixture),
    ...webhookCases(document, fixture),
    ...signedInAccountCases(document, fixture),
    caseFor(document, { ...at("POST", "/auth/sign-out"), id: "sign-out", title: "POST /auth/sign-out", auth: "second-session", status: 200 }),
  ];
}

/** Members and invitations: invite in the shared workspace (201), list, and the refusals any account can provoke. */
function memberCases(document: Document, fixture: SessionFixture): ConformanceCase[] {
  const { workspaceId, extraWorkspaceId } = fixture;
  const at = (method: "GET" | "POST" | "PATCH" | "DELETE", docPath: string, path: string) => ({ method, docPath, path });
  const invitations = (id: string) => `/workspaces/${id}/invitations`;
  const invite = (id: string) => at("POST", "/workspaces/{id}/invitations", invitations(id));
  const member = (method: "PATCH" | "DELETE", accountId: string) => at(method, "/workspaces/{id}/members/{accountId}", `/workspaces/${workspaceId}/members/${accountId}`);
  return [
    caseFor(document, { ...invite(extraWorkspaceId), id: "invitations.create", title: "POST /workspaces/{id}/invitations", auth: "session", body: json({ email: fixture.newEmail.replace("-new@", "-invited@"), role: "member" }), status: 201 }),
    caseFor(document, { ...at("GET", "/workspaces/{id}/invitations", invitations(extraWorkspaceId)), id: "invitations.list", title: "GET /workspaces/{id}/invitations", auth: "session", status: 200 }),
    caseFor(document, { ...invite(extraWorkspaceId), id: "invitations.create-bad-role", title: "POST /workspaces/{id}/invitations: unknown role", auth: "session", body: json({ email: "x@example.com", role: "king" }), status: 422, errorCode: "invalid_input" }),
    caseFor(document, { ...invite(workspaceId), id: "invitations.create-personal", title: "POST /workspaces/{id}/invitations: a personal workspace", auth: "session", body: json({ email: "x@example.com", role: "member" }), status: 403, errorCode: "forbidden" }),
    caseFor(document, { ...invite(fixture.foreignWorkspaceId), id: "invitations.create-foreign", title: "POST /workspaces/{id}/invitations: another account's workspace", auth: "session", body: json({ email: "x@example.com", role: "member" }), status: 403, errorCode: "forbidden" }),
    caseFor(document, { ...at("DELETE", "/workspaces/{id}/invitations/{invitationId}", `${invitations(extraWorkspaceId)}/inv_unknown`), id: "invitations.revoke-unknown", title: "DELETE /workspaces/{id}/invitations/{invitationId}: unknown invitation", auth: "session", status: 404, errorCode: "not_found" }),
    caseFor(document, { ...at("POST", "/invitations/accept", "/invitations/accept"), id: "invitations.accept-unknown", title: "POST /invitations/accept: unknown token", auth: "session", body: json({ token: "A".repeat(43) }), status: 404, errorCode: "not_found" }),
    caseFor(document, { ...member("PATCH", "acct_unknown"), id: "members.role-unknown", title: "PATCH /workspaces/{id}/members/{accountId}: not a member", auth: "session", body: json({ role: "admin" }), status: 404, errorCode: "not_found" }),
    caseFor(document, { ...member("DELETE", "acct_unknown"), id: "members.remove-unknown", title: "DELETE /workspaces/{id}/members/{accountId}: not a member", auth: "session", status: 404, errorCode: "not_found" }),
  ];
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** The webhook routes without a session, in an unknown workspace: each 401 before anything else is read. */
function unauthenticatedWebhookCalls(): [method: Method, docPath: string, path: string, body?: unknown][] {
  const hooks = `/workspaces/${UNKNOWN_ID}/webhooks`;
  const hook = `${hooks}/${UNKNOWN_WEBHOOK}`;
  return [
    ["POST", "/workspaces/{id}/webhooks", hooks, { url: "https://conformance.invalid/hook" }],
    ["GET", "/workspaces/{id}/webhooks", hooks],
    ["PATCH", "/workspaces/{id}/webhooks/{webhookId}", hook, { enabled: false }],
    ["DELETE", "/workspaces/{id}/webhooks/{webhookId}", hook],
    ["POST", "/workspaces/{id}/webhooks/{webhookId}/rotate-secret", `${hook}/rotate-secret`],
    ["POST", "/workspaces/{id}/webhooks/{webhookId}/test", `${hook}/test`],
    ["GET", "/workspaces/{id}/webhooks/{webhookId}/deliveries", `${hook}/deliveries`],
    ["POST", "/workspaces/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver", `${hook}/deliveries/dlv_unknown/redeliver`],
  ];
}

/**
 * Webhook endpoints, signed in: list (200) and the refusals any deployment gives whatever it allows (a URL that is
 * not http(s): 422 on every deployment, WEBHOOK_ALLOW_PRIVATE or not). No endpoint is created: one would send
 * this run's events to a real URL.
 */
function webhookCases(document: Document, fixture: SessionFixture): ConformanceCase[] {
  const { extraWorkspaceId, foreignWorkspaceId } = fixture;
  const at = (method: Method, docPath: string, path: string) => ({ method, docPath, path });
  const hooks = (id: string) => `/workspaces/${id}/webhooks`;
  const create = (id: string) => at("POST", "/workspaces/{id}/webhooks", hooks(id));
  const hook = `${hooks(extraWorkspaceId)}/${UNKNOWN_WEBHOOK}`;
  /** `method` on an endpoint the workspace does not have (`suffix` after its path): 404 not_found. */
  const unknown = (method: Method, suffix: string, name: string, body?: unknown) => caseFor(document, {
    ...at(method, `/workspaces/{id}/webhooks/{webhookId}${suffix}`, `${hook}${suffix.replace("{deliveryId}", "dlv_unknown")}`),
    id: `webhooks.${name}-unknown`, title: `${method} /workspaces/{id}/webhooks/{webhookId}${suffix}: unknown endpoint`, auth: "session",
    ...(body ? { body: json(body) } : {}), status: 404, errorCode: "not_found",
  });
  const valid = json({ url: "https://conformance.invalid/hook" });
  return [
    caseFor(document, { ...at("GET", "/workspaces/{id}/webhooks", hooks(extraWorkspaceId)), id: "webhooks.list", title: "GET /workspaces/{id}/webhooks", auth: "session", status: 200 }),
    caseFor(document, { ...at("GET", "/workspaces/{id}/webhooks", hooks(UNKNOWN_ID)), id: "webhooks.list-unknown", title: "GET /workspaces/{id}/webhooks: unknown workspace", auth: "session", status: 404, errorCode: "not_found" }),
    caseFor(document, { ...create(extraWorkspaceId), id: "webhooks.create-bad-url", title: "POST /workspaces/{id}/webhooks: an ftp: URL", auth: "session", body: json({ url: "ftp://conformance.invalid/hook" }), status: 422, errorCode: "invalid_input" }),
    caseFor(document, { ...create(extraWorkspaceId), id: "webhooks.create-no-csrf", title: "POST /workspaces/{id}/webhooks without X-CSRF-Token", auth: "session-no-csrf", body: valid, status: 403, errorCode: "csrf_failed" }),
    caseFor(document, { ...create(foreignWorkspaceId), id: "webhooks.create-foreign", title: "POST /workspaces/{id}/webhooks: another account's workspace", auth: "session", body: valid, status: 403, errorCode: "forbidden" }),
    unknown("PATCH", "", "update", { enabled: false }),
    unknown("DELETE", "", "delete"),
    unknown("POST", "/rotate-secret", "rotate-secret"),
    unknown("POST", "/test", "test"),
    unknown("GET", "/deliveries", "deliveries"),
    unknown("POST", "/deliveries/{deliveryId}/redeliver", "redeliver"),
  ];
}
