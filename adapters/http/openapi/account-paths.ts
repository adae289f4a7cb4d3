import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../domain/account.ts";
import { MAX_USER_AGENT_LENGTH } from "../../../domain/session.ts";
import { ref } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";
import { answer, body, data, list, object, operation, SESSION, SESSION_WITH_CSRF, text } from "./session-parts.ts";

// Password change, the account's sessions and account deletion (shared/contract.md, "Email and accounts"); the
// routes live in ../session/account-routes.ts.

const THROTTLE = "A wrong password counts in the account's failed sign-in limits (slowed, then 429 `rate_limited` with `Retry-After`).";
const sessionId = text(64, { pattern: "^ses_[a-f0-9]+$", description: "The session's public id: never its token." });

/** The request bodies and the session view of these routes. */
export function accountSchemas(): Record<string, OpenApiSchema> {
  const password = (minLength: number) => text(MAX_PASSWORD_LENGTH, { minLength, format: "password" });
  return {
    PasswordChange: object(["currentPassword", "newPassword"], { currentPassword: password(1), newPassword: password(MIN_PASSWORD_LENGTH) }),
    AccountDeletion: object(["password"], { password: password(1) }),
    SessionSummary: object(["id", "createdAt", "lastSeenAt", "userAgent", "current"], {
      id: sessionId,
      createdAt: text(64, { format: "date-time", description: "When the session signed in." }),
      lastSeenAt: text(64, { format: "date-time", description: "Its last use (to the minute)." }),
      userAgent: { type: "string", nullable: true, maxLength: MAX_USER_AGENT_LENGTH, description: "The User-Agent it signed in with; null when none was sent." },
      current: { type: "boolean", description: "The session of this request." },
    }),
  };
}

/** POST /auth/password, GET and DELETE /auth/sessions, DELETE /auth/sessions/{id}, DELETE /auth/account. */
export function accountOperations(): Operation[] {
  const session = ref("schemas", "SessionSummary");
  return [
    operation("changePassword", "Auth", "Change the password",
      `With the current password. Every other session of the account ends at once, on every instance; this one stays signed in. The new password is checked as at sign-up (length, no control characters, a zxcvbn score of 3 or more: 422 naming why, at \`/newPassword\`). A wrong current password: 401 \`invalid_credentials\`. ${THROTTLE} Audited (\`account.password_changed\`) and announced by email.`, SESSION_WITH_CSRF, {
      requestBody: body(ref("schemas", "PasswordChange")),
      responses: { "200": answer("Changed.", data({ account: ref("schemas", "Account") })), ...errorResponses([400, 401, 403, 413, 415, 422, 429, 500, 503], { metered: false }) },
    }),
    operation("listAccountSessions", "Auth", "List the account's sessions",
      "The account's live sessions (not expired, not ended), newest first; `current` marks the one asking.", SESSION, {
      responses: { "200": answer("The sessions.", data({ sessions: list(session) })), ...errorResponses([401, 500, 503], { metered: false }) },
    }),
    operation("endOtherSessions", "Auth", "End every other session",
      "Ends every session of the account but this one, at once on every instance. A body is optional; if sent, it must be JSON.", SESSION_WITH_CSRF, {
      responses: {
        "200": answer("Ended.", data({ ended: { type: "integer", format: "int32", minimum: 0, maximum: 1_000_000, description: "How many sessions ended." } })),
        ...errorResponses([400, 401, 403, 413, 415, 429, 500, 503], { metered: false }),
      },
    }),
    operation("endAccountSession", "Auth", "End one session",
      "Ends one of the account's live sessions at once on every instance (this one too: that signs out and clears the cookie). An id that is not one of the account's live sessions (another account's, or ended): 404 `not_found`. A body is optional; if sent, it must be JSON.", SESSION_WITH_CSRF, {
      parameters: [{ name: "id", in: "path", required: true, description: "The session's id from the list.", schema: sessionId }],
      responses: { "200": answer("Ended.", data({ ended: { type: "boolean", enum: [true] }, session }), 200, true), ...errorResponses([400, 401, 403, 404, 413, 415, 429, 500, 503], { metered: false }) },
    }),
    operation("deleteAccount", "Auth", "Delete the account",
      `With the password. Refused with 409 \`conflict\` while the account is the last owner of a shared workspace (make another member an owner first). Otherwise its personal workspace's keys are revoked at once, it leaves every workspace (audited there as \`member.removed\`), its sessions end, and the email may sign up again. Clears the session cookie. A wrong password: 401 \`invalid_credentials\`. ${THROTTLE}`, SESSION_WITH_CSRF, {
      requestBody: body(ref("schemas", "AccountDeletion")),
      responses: { "200": answer("Deleted.", data({ deleted: { type: "boolean", enum: [true] } }), 200, true), ...errorResponses([400, 401, 403, 409, 413, 415, 422, 429, 500, 503], { metered: false }) },
    }),
  ];
}
