import { DISPLAY_NAME_RULE } from "../../../domain/display-name.ts";
import { MAX_PASSKEY_NAME_LENGTH, MAX_PASSKEYS_PER_ACCOUNT } from "../../../domain/passkey.ts";
import { ref } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";
import { answer, body, data, list, object, operation, SESSION, SESSION_WITH_CSRF, text } from "./session-parts.ts";

/** Passkeys (WebAuthn) as shared/contract.md's "Email and accounts" defines them; the routes live in ../session/passkey-routes.ts. */

const UNAVAILABLE = "With PUBLIC_URL on an IP address (the default on 127.0.0.1) passkeys cannot work (WebAuthn needs a domain name): 409 `conflict`; use `http://localhost:<PORT>` or a domain.";
const credentialId = { type: "string", minLength: 1, maxLength: 1024, pattern: "^[A-Za-z0-9_-]+$", description: "The credential id (base64url), as the authenticator names it." };

/** The passkey and WebAuthn message schemas. */
export function passkeySchemas(): Record<string, OpenApiSchema> {
  const timestamp = text(64, { format: "date-time" });
  // The fields the server reads; the browser may send more (extensions), which are ignored.
  const b64 = (description: string) => ({ type: "string", maxLength: 65_536, pattern: "^[A-Za-z0-9_-]*$", description });
  const webauthn = (description: string, inner: Record<string, unknown>) => ({
    type: "object", description, required: ["id", "rawId", "type", "response"],
    properties: { id: credentialId, rawId: credentialId, type: { type: "string", enum: ["public-key"] }, response: object(["clientDataJSON"], { clientDataJSON: b64("base64url"), ...inner }) },
  });
  return {
    Passkey: object(["id", "name", "createdAt", "lastUsedAt"], {
      id: credentialId, name: text(MAX_PASSKEY_NAME_LENGTH), createdAt: timestamp,
      lastUsedAt: { ...timestamp, nullable: true, description: "The last sign-in with it; null: never used yet." },
    }),
    PasskeyRegistration: object(["response"], {
      response: webauthn("The browser's registration answer as JSON (`RegistrationResponseJSON`, what @simplewebauthn/browser's `startRegistration` returns).", {
        attestationObject: b64("base64url"), transports: { type: "array", maxItems: 8, items: text(32) },
      }),
      name: text(MAX_PASSKEY_NAME_LENGTH, { description: `What the list shows; default \`Passkey N\`. ${DISPLAY_NAME_RULE}` }),
    }),
    PasskeyAssertion: object(["response"], {
      response: webauthn("The browser's authentication answer as JSON (`AuthenticationResponseJSON`, what `startAuthentication` returns).", {
        authenticatorData: b64("base64url"), signature: b64("base64url"), userHandle: b64("base64url of the account id the credential was registered for"),
      }),
    }),
  };
}

/** The passkey operations: register (options, then the answer), list, remove, and sign in. */
export function passkeyOperations(): Operation[] {
  const creation = { type: "object", additionalProperties: true, description: "`PublicKeyCredentialCreationOptionsJSON`: for `startRegistration({ optionsJSON })`." };
  const request = { type: "object", additionalProperties: true, description: "`PublicKeyCredentialRequestOptionsJSON`: for `startAuthentication({ optionsJSON })`." };
  const passkey = ref("schemas", "Passkey");
  return [
    operation("passkeyRegistrationOptions", "Auth", "Start registering a passkey",
      `Creation options for a discoverable credential with user verification required; the relying party is PUBLIC_URL's host. The challenge is good for one answer within 5 minutes, by this account only. ${UNAVAILABLE}`, SESSION_WITH_CSRF, {
      responses: { "200": answer("The options.", data({ options: creation })), ...errorResponses([400, 401, 403, 409, 413, 415, 429, 500, 503], { metered: false }) },
    }),
    operation("addPasskey", "Auth", "Register a passkey",
      `Verifies the browser's answer (origin, relying party, user verification, the live challenge, spent by this call whatever its outcome) and stores the credential's public key. A wrong, used, expired or forged answer: 422 \`invalid_input\`. At most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys; one already registered: 409. Audited (\`account.passkey_added\`) and announced by email.`, SESSION_WITH_CSRF, {
      requestBody: body(ref("schemas", "PasskeyRegistration")),
      responses: { "201": answer("Registered.", data({ passkey }), 201), ...errorResponses([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503], { metered: false }) },
    }),
    operation("listPasskeys", "Auth", "List passkeys", "The account's passkeys, oldest first (never their keys).", SESSION, {
      responses: { "200": answer("The passkeys.", data({ passkeys: list(passkey, MAX_PASSKEYS_PER_ACCOUNT) })), ...errorResponses([401, 500, 503], { metered: false }) },
    }),
    operation("removePasskey", "Auth", "Remove a passkey", "It no longer signs in. Audited (`account.passkey_removed`). Another account's passkey or an unknown id: 404.", SESSION_WITH_CSRF, {
      parameters: [{ name: "id", in: "path", required: true, description: "The passkey id.", schema: credentialId }],
      responses: { "200": answer("Removed.", data({ removed: { type: "boolean", enum: [true] }, passkey })), ...errorResponses([400, 401, 403, 404, 413, 415, 429, 500, 503], { metered: false }) },
    }),
    operation("passkeyAuthenticationOptions", "Auth", "Start a passkey sign-in",
      `Request options for a discoverable credential (no allowCredentials) with user verification required; the challenge is good for one answer within 5 minutes. Public; 30 a minute per client address (an IPv6 client counts as its /64). ${UNAVAILABLE}`, [], {
      responses: { "200": answer("The options.", data({ options: request })), ...errorResponses([400, 409, 413, 415, 429, 500, 503], { metered: false }) },
    }),
    operation("signInWithPasskey", "Auth", "Sign in with a passkey",
      "Answers as sign-in does. The account is the credential's user handle; the signature, origin, relying party, user verification, the live challenge (spent by this call) and a growing signature counter are checked. Any failure: one identical 401 `invalid_credentials`. No second step even with TOTP on (a verified passkey is two factors), and the per-account password throttle does not apply. Public.", [], {
      requestBody: body(ref("schemas", "PasskeyAssertion")),
      responses: { "200": answer("Signed in.", data({ account: ref("schemas", "Account"), csrfToken: text(256) }), 200, true), ...errorResponses([400, 401, 409, 413, 415, 500, 503], { metered: false }) },
    }),
  ];
}
