import { caseFor } from "./expectations.js";
const UNKNOWN_ID = "ws_conformance_unknown";
const json = (value) => ({ type: "application/json", value });
/** Session API answers any client can provoke: 401 without a session, 401 bad credentials, 415, 422. */
export function anonymousSessionCases(document) {
    const at = (method, docPath, path = docPath) => ({ method, docPath, path });
    const cases = [
        caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.invalid", title: "POST /auth/sign-up: bad email and short password", auth: "none", body: json({ email: "not-an-email", password: "short" }), status: 422, errorCode: "invalid_input" }),
        caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.text-body", title: "POST /auth/sign-up: text/plain body", auth: "none", body: { type: "text/plain", value: "email=x" }, status: 415, errorCode: "unsupported_media_type" }),
        caseFor(document, { ...at("POST", "/auth/sign-in"), id: "sign-in.wrong", title: "POST /auth/sign-in: unknown account", auth: "none", body: json({ email: "nobody@conformance.invalid", password: "not-the-password-1" }), status: 401, errorCode: "invalid_credentials" }),
        caseFor(document, { ...at("POST", "/auth/sign-in"), id: "sign-in.empty", title: "POST /auth/sign-in: no fields", auth: "none", body: json({}), status: 422, errorCode: "invalid_input" }),
    ];
    const unauthenticated = [
        ["POST", "/auth/sign-out", "/auth/sign-out"],
        ["GET", "/auth/session", "/auth/session"],
        ["GET", "/workspaces", "/workspaces"],
        ["POST", "/workspaces", "/workspaces", { name: "x" }],
        ["PATCH", "/workspaces/{id}", `/workspaces/${UNKNOWN_ID}`, { name: "x" }],
        ["GET", "/workspaces/{id}/members", `/workspaces/${UNKNOWN_ID}/members`],
        ["GET", "/workspaces/{id}/keys", `/workspaces/${UNKNOWN_ID}/keys`],
        ["POST", "/workspaces/{id}/keys/{keyId}/revoke", `/workspaces/${UNKNOWN_ID}/keys/key_unknown/revoke`],
    ];
    for (const [method, docPath, path, body] of unauthenticated) {
        const id = `session.no-session.${method.toLowerCase()}${docPath.replace(/[{}]/g, "").replaceAll("/", ".")}`;
        cases.push(caseFor(document, { ...at(method, docPath, path), id, title: `${method} ${docPath}: no session`, auth: "none", ...(body ? { body: json(body) } : {}), status: 401, errorCode: "unauthorized" }));
    }
    return cases;
}
/** Signed-in answers: 200/201, 403 csrf_failed and forbidden, 404, 409, 422; sign-out comes last. */
export function signedInCases(document, fixture, skipRevoke) {
    const { workspaceId, extraWorkspaceId, foreignWorkspaceId } = fixture;
    const at = (method, docPath, path = docPath) => ({ method, docPath, path });
    const members = (id) => at("GET", "/workspaces/{id}/members", `/workspaces/${id}/members`);
    const revoke = (keyId) => at("POST", "/workspaces/{id}/keys/{keyId}/revoke", `/workspaces/${workspaceId}/keys/${keyId}/revoke`);
    return [
        caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.ok", title: "POST /auth/sign-up", auth: "none", body: json({ email: fixture.newEmail, password: fixture.password }), status: 201 }),
        caseFor(document, { ...at("POST", "/auth/sign-up"), id: "sign-up.taken", title: "POST /auth/sign-up: email taken", auth: "none", body: json({ email: fixture.email, password: fixture.password }), status: 409, errorCode: "conflict" }),
        caseFor(document, { ...at("POST", "/auth/sign-in"), id: "sign-in.ok", title: "POST /auth/sign-in", auth: "none", body: json({ email: fixture.email, password: fixture.password }), status: 200 }),
        caseFor(document, { ...at("GET", "/auth/session"), id: "session.current", title: "GET /auth/session", auth: "session", status: 200 }),
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
        caseFor(document, { ...at("POST", "/auth/sign-out"), id: "sign-out", title: "POST /auth/sign-out", auth: "second-session", status: 200 }),
    ];
}
