import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../domain/account.ts";
import { ref } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";
import { answer, body, data, object, operation, SESSION_WITH_CSRF, text } from "./session-parts.ts";

/** Password reset and email verification as shared/contract.md's "Email and accounts" defines them; routes in ../session/reset-routes.ts. */

const token = (what: string) => text(256, { minLength: 1, pattern: "^[A-Za-z0-9_.-]+$", format: "password", description: `The last part of the ${what} link.` });

/** The request bodies of the reset and verification routes. */
export function resetSchemas(): Record<string, OpenApiSchema> {
  return {
    PasswordResetRequest: object(["email"], { email: text(MAX_EMAIL_LENGTH, { format: "email" }) }),
    PasswordResetConfirmation: object(["token", "password"], {
      token: token("reset"),
      password: text(MAX_PASSWORD_LENGTH * 4, { minLength: MIN_PASSWORD_LENGTH, format: "password", description: `The new password: ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, no control characters, a zxcvbn score of at least 3.` }),
    }),
    EmailVerificationConfirmation: object(["token"], { token: token("verification") }),
  };
}

/** Ask for a reset link, use it; send a verification link, use it. */
export function resetOperations(): Operation[] {
  const account = ref("schemas", "Account");
  return [
    operation("requestPasswordReset", "Auth", "Ask for a password reset link",
      "Emails `<PUBLIC_URL>/dashboard/reset-password/<token>` (1 hour, one use) to the account with this email. The answer is the same 202 body whether or not an account has the address. At most 5 requests per address-to-reset and 20 per client address an hour (an IPv6 client counts as its /64): past them 429 `rate_limited` with `Retry-After`. Public.", [], {
      requestBody: body(ref("schemas", "PasswordResetRequest")),
      responses: {
        "202": answer("Accepted: a link was sent if an account has the address.", data({ message: text(256) }), 202),
        ...errorResponses([400, 413, 415, 422, 429, 500, 503], { metered: false }),
      },
    }),
    operation("confirmPasswordReset", "Auth", "Set a new password with a reset link",
      "The new password is checked first (422 naming why, the link stays usable); then the link is spent. Every session of the account ends at once, on every instance; the email counts as verified; an account unverified until then also loses its two-factor set-up and passkeys. Unknown, used or expired link, or one issued before the password last changed: 404 `not_found` (one body). Audited (`account.password_reset`) and announced by email. Public; 30 tries per client address in 15 minutes.", [], {
      requestBody: body(ref("schemas", "PasswordResetConfirmation")),
      responses: {
        "200": answer("The password is reset; sign in with it.", data({ account })),
        ...errorResponses([400, 404, 413, 415, 422, 429, 500, 503], { metered: false }),
      },
    }),
    operation("sendEmailVerification", "Auth", "Send an email verification link",
      "Emails `<PUBLIC_URL>/dashboard/verify-email/<token>` (24 hours, one use) to the signed-in account's address; `sent` is false when the address is verified already. At most 5 an hour per account (429). A body is optional; if sent, it must be JSON.", SESSION_WITH_CSRF, {
      responses: {
        "202": answer("Accepted.", data({ sent: { type: "boolean" } }), 202),
        ...errorResponses([400, 401, 403, 413, 415, 429, 500, 503], { metered: false }),
      },
    }),
    operation("confirmEmailVerification", "Auth", "Verify the email with a link",
      "Spends the link and marks the address verified, if the account still has the address it was sent to. Unknown, used or expired link: 404 `not_found` (one body). Public.", [], {
      requestBody: body(ref("schemas", "EmailVerificationConfirmation")),
      responses: {
        "200": answer("The address is verified.", data({ account })),
        ...errorResponses([400, 404, 413, 415, 500, 503], { metered: false }),
      },
    }),
  ];
}
