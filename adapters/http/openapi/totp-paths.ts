import { RECOVERY_CODE_COUNT, MFA_MAX_TRIES, TOTP_SETUP_TTL_MS } from "../../../domain/totp.ts";
import { ref } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";
import { answer, body, data, object, operation, SESSION_WITH_CSRF, text } from "./session-parts.ts";

/** Two-factor sign-in (TOTP) as shared/contract.md's "Email and accounts" defines it; the routes live in ../session/totp-routes.ts. */

const code = text(32, { minLength: 1, description: "A 6-digit code from the authenticator app (spaces allowed), or a recovery code (`xxxxx-xxxxx`, any case, hyphen optional)." });
const SETUP_MINUTES = TOTP_SETUP_TTL_MS / 60_000;
const THROTTLE = "Wrong codes also count per account (10 in 15 minutes, 20 an hour, whatever the session or mfaToken): past them 429 `rate_limited` with `Retry-After`.";

/** The request bodies of the two-factor routes. */
export function totpSchemas(): Record<string, OpenApiSchema> {
  return {
    TotpCode: object(["code"], { code }),
    TotpSignIn: object(["mfaToken", "code"], {
      mfaToken: text(64, { minLength: 1, pattern: "^[A-Za-z0-9_-]+$", format: "password", description: "The `mfaToken` the password sign-in answered." }),
      code,
    }),
  };
}

/** Set up, enable and disable TOTP, and the second step of a sign-in. */
export function totpOperations(): Operation[] {
  const account = ref("schemas", "Account");
  return [
    operation("startTotpSetup", "Auth", "Start setting up two-factor sign-in",
      `A new TOTP secret (20 random bytes) for an authenticator app, kept pending until \`POST /auth/totp/enable\` confirms a code, for ${SETUP_MINUTES} minutes at most (a new call replaces it). Two-factor already on: 409 \`conflict\`. A body is optional; if sent, it must be JSON.`, SESSION_WITH_CSRF, {
      responses: {
        "200": answer("The secret, as text and as an otpauth:// URL for a QR code.", data({
          secret: text(64, { pattern: "^[A-Z2-7]+$", format: "password", description: "Base32 (RFC 4648, no padding), for typing into the app." }),
          otpauthUrl: text(1024, { pattern: "^otpauth://totp/", description: "`otpauth://totp/<issuer>:<email>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`." }),
          expiresAt: { type: "string", format: "date-time", description: `When the set-up stops being accepted (${SETUP_MINUTES} minutes after this call): \`POST /auth/totp/enable\` then answers 409 and a new set-up is needed.` },
        })),
        ...errorResponses([400, 401, 403, 409, 413, 415, 429, 500, 503], { metered: false }),
      },
    }),
    operation("enableTotp", "Auth", "Turn on two-factor sign-in",
      `A current code of the pending secret turns TOTP on; that code counts as used. Answers ${RECOVERY_CODE_COUNT} recovery codes, shown this once and stored only as SHA-256 hashes, each usable once in place of a code. A wrong code: 422 \`invalid_input\`; no set-up pending, one past its ${SETUP_MINUTES} minutes, or already on: 409. Audited (\`account.totp_enabled\`) and announced by email.`, SESSION_WITH_CSRF, {
      requestBody: body(ref("schemas", "TotpCode")),
      responses: {
        "200": answer("Two-factor sign-in is on.", data({
          recoveryCodes: { type: "array", minItems: RECOVERY_CODE_COUNT, maxItems: RECOVERY_CODE_COUNT, items: text(16, { format: "password" }), description: "Shown this once." },
        })),
        ...errorResponses([400, 401, 403, 409, 413, 415, 422, 429, 500, 503], { metered: false }),
      },
    }),
    operation("disableTotp", "Auth", "Turn off two-factor sign-in",
      `With a current code (not used before) or a recovery code: TOTP is off, its secret and recovery codes are gone. A wrong or used code, or TOTP already off: 401 \`invalid_credentials\`. ${THROTTLE} Audited (\`account.totp_disabled\`) and announced by email.`, SESSION_WITH_CSRF, {
      requestBody: body(ref("schemas", "TotpCode")),
      responses: { "200": answer("Two-factor sign-in is off.", data({ account })), ...errorResponses([400, 401, 403, 413, 415, 422, 429, 500, 503], { metered: false }) },
    }),
    operation("signInWithTotp", "Auth", "Sign in: the second step",
      `After a password sign-in answered \`mfaRequired\`: a code from the app (each accepted once: a code already used, even within its 30 s, is refused) or a recovery code (removed). Answers as sign-in does, with the session cookie. A wrong code: 401 \`invalid_credentials\`; an unknown or expired mfaToken (5 minutes), or one voided by a password change: 401 too; after ${MFA_MAX_TRIES} wrong codes the mfaToken answers only 429 \`rate_limited\`. ${THROTTLE} Public.`, [], {
      requestBody: body(ref("schemas", "TotpSignIn")),
      responses: { "200": answer("Signed in.", data({ account, csrfToken: text(256) }), 200, true), ...errorResponses([400, 401, 413, 415, 422, 429, 500, 503], { metered: false }) },
    }),
  ];
}
