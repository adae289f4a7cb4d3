import { caseFor, type ConformanceCase, type Document, type Expectation, expectationOf, pinned } from "./expectations.ts";
import type { SessionFixture } from "./session-fixture.ts";

// Account security (reset, verification, password, sessions, passkeys, deletion): the answers any deployment gives
// a client, whatever accounts it holds. Nothing here changes the fixture account's password, sessions or email.

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const json = (value: unknown) => ({ type: "application/json", value });
const at = (method: Method, path: string) => ({ method, docPath: path, path });
const UNKNOWN_TOKEN = "A".repeat(43);
const STRONG_PASSWORD = "conformance: correct horse battery staple 42";

/** Without a session: the public routes' refusals, and the one 202 a reset request always answers. */
export function anonymousAccountCases(document: Document): ConformanceCase[] {
  return [
    caseFor(document, { ...at("POST", "/auth/password-reset"), id: "password-reset.unknown", title: "POST /auth/password-reset: an address with no account (the same 202)", auth: "none", body: json({ email: "nobody@conformance.invalid" }), status: 202 }),
    caseFor(document, { ...at("POST", "/auth/password-reset"), id: "password-reset.invalid", title: "POST /auth/password-reset: not an email", auth: "none", body: json({ email: "not-an-email" }), status: 422, errorCode: "invalid_input" }),
    caseFor(document, { ...at("POST", "/auth/password-reset/confirm"), id: "password-reset-confirm.unknown", title: "POST /auth/password-reset/confirm: unknown token", auth: "none", body: json({ token: `acct_conformance.${UNKNOWN_TOKEN}`, password: STRONG_PASSWORD }), status: 404, errorCode: "not_found" }),
    caseFor(document, { ...at("POST", "/auth/password-reset/confirm"), id: "password-reset-confirm.short", title: "POST /auth/password-reset/confirm: short password", auth: "none", body: json({ token: `acct_conformance.${UNKNOWN_TOKEN}`, password: "short" }), status: 422, errorCode: "invalid_input" }),
    caseFor(document, { ...at("POST", "/auth/email-verification/confirm"), id: "email-verification-confirm.unknown", title: "POST /auth/email-verification/confirm: unknown token", auth: "none", body: json({ token: UNKNOWN_TOKEN }), status: 404, errorCode: "not_found" }),
    // Passkeys need a domain in PUBLIC_URL (the relying party): a deployment on an IP address refuses them with 409.
    caseFor(document, { ...at("POST", "/auth/passkeys/authentication-options"), id: "passkey-options.anonymous", title: "POST /auth/passkeys/authentication-options (409 where PUBLIC_URL is an IP address)", auth: "none", status: 200, alternatives: passkeysOff(document, "/auth/passkeys/authentication-options") }),
    caseFor(document, { ...at("POST", "/auth/sign-in/passkey"), id: "passkey-sign-in.unknown", title: "POST /auth/sign-in/passkey: an assertion of no registered passkey (409 where PUBLIC_URL is an IP address)", auth: "none", body: json({ response: { id: "conformance-unknown", rawId: "conformance-unknown", type: "public-key", response: { clientDataJSON: "e30" } } }), status: 401, errorCode: "invalid_credentials", alternatives: passkeysOff(document, "/auth/sign-in/passkey") }),
  ];
}

/** The 409 `conflict` a deployment without a domain gives every passkey route, as the document describes it. */
function passkeysOff(document: Document, path: string): Expectation[] {
  const expected = expectationOf(document, path, "POST", 409);
  return expected ? [{ ...expected, bodySchema: pinned(expected.bodySchema, { errorCode: "conflict" }) }] : [];
}

/** The session routes of account security without a session: each 401 before anything else is read. */
export const unauthenticatedAccountCalls: [method: Method, docPath: string, path: string, body?: unknown][] = [
  ["POST", "/auth/email-verification", "/auth/email-verification"],
  ["POST", "/auth/passkeys/registration-options", "/auth/passkeys/registration-options"],
  ["POST", "/auth/passkeys", "/auth/passkeys", { response: {} }],
  ["GET", "/auth/passkeys", "/auth/passkeys"],
  ["DELETE", "/auth/passkeys/{id}", "/auth/passkeys/conformance-unknown"],
];

/** Signed in: reads (200) and refusals that leave the account as it was. */
export function signedInAccountCases(document: Document, fixture: SessionFixture): ConformanceCase[] {
  return [
    caseFor(document, { ...at("GET", "/auth/sessions"), id: "sessions.list", title: "GET /auth/sessions", auth: "session", status: 200 }),
    caseFor(document, { ...at("DELETE", "/auth/sessions/{id}"), path: "/auth/sessions/ses_0123456789abcdef01234567", id: "sessions.end-unknown", title: "DELETE /auth/sessions/{id}: not a session of this account", auth: "session", status: 404, errorCode: "not_found" }),
    caseFor(document, { ...at("DELETE", "/auth/sessions"), id: "sessions.end-others-no-csrf", title: "DELETE /auth/sessions without X-CSRF-Token", auth: "session-no-csrf", status: 403, errorCode: "csrf_failed" }),
    caseFor(document, { ...at("POST", "/auth/password"), id: "password.wrong-current", title: "POST /auth/password: wrong current password", auth: "session", body: json({ currentPassword: `${fixture.password}-not`, newPassword: STRONG_PASSWORD }), status: 401, errorCode: "invalid_credentials" }),
    caseFor(document, { ...at("POST", "/auth/password"), id: "password.no-csrf", title: "POST /auth/password without X-CSRF-Token", auth: "session-no-csrf", body: json({ currentPassword: fixture.password, newPassword: STRONG_PASSWORD }), status: 403, errorCode: "csrf_failed" }),
    caseFor(document, { ...at("POST", "/auth/email-verification"), id: "email-verification.send", title: "POST /auth/email-verification", auth: "session", status: 202 }),
    caseFor(document, { ...at("DELETE", "/auth/account"), id: "account.delete-wrong-password", title: "DELETE /auth/account: wrong password", auth: "session", body: json({ password: `${fixture.password}-not` }), status: 401, errorCode: "invalid_credentials" }),
    caseFor(document, { ...at("DELETE", "/auth/account"), id: "account.delete-no-csrf", title: "DELETE /auth/account without X-CSRF-Token", auth: "session-no-csrf", body: json({ password: fixture.password }), status: 403, errorCode: "csrf_failed" }),
  ];
}
