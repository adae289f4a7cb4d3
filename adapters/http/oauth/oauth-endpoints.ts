import type { H3Event } from "h3";
import type { OAuthUseCases } from "../../../application/oauth-use-cases.ts";
import { readForm } from "../dashboard/form.ts";
import { guardWith } from "../failure-guard.ts";
import { readJsonBody } from "../request-body.ts";
import { linkOrigin, type SessionRouteDeps } from "../session/session-deps.ts";
import { CORS_HEADERS, oauthError, oauthJson, publicJson } from "./oauth-answers.ts";
import { authorizationServerMetadata, protectedResourceMetadata } from "./oauth-metadata.ts";

/** What the OAuth endpoints need from createApp: the facade, PUBLIC_URL and the body limit. */
export type OAuthEndpointDeps = Pick<SessionRouteDeps, "publicUrl" | "maxBodyBytes" | "onBug"> & { readonly oauth: OAuthUseCases };

type Form = Readonly<Record<string, string | undefined>>;

/** The discovery documents, registration, token and revocation: JSON endpoints any origin may call. */
export function oauthEndpoints(deps: OAuthEndpointDeps) {
  const { oauth } = deps;
  return {
    protectedResource: async (event: H3Event) => publicJson(protectedResourceMetadata(linkOrigin(deps, event))),
    authorizationServer: async (event: H3Event) => publicJson(authorizationServerMetadata(linkOrigin(deps, event))),
    register: guarded(deps, async (event) => {
      const body = await readJsonBody(event.req, deps.maxBodyBytes);
      if (!body.ok) return oauthError({ error: "invalid_client_metadata", description: body.error.message });
      const registered = await oauth.register(body.value);
      return registered.ok ? oauthJson(registered.value, 201) : oauthError(registered.error);
    }),
    token: guarded(deps, async (event) => {
      const form = await readOAuthForm(event);
      if (!form.ok) return oauthError(form.error);
      const answer = await oauth.token(form.value);
      return answer.ok ? oauthJson(answer.value) : oauthError(answer.error);
    }),
    revoke: guarded(deps, async (event) => {
      const form = await readOAuthForm(event);
      if (!form.ok) return oauthError(form.error);
      const revoked = await oauth.revoke(form.value);
      // RFC 7009 §2.2: 200 whether or not the token was known, with nothing to read.
      return revoked.ok ? new Response(null, { status: 200, headers: { "cache-control": "no-store", ...CORS_HEADERS } }) : oauthError(revoked.error);
    }),
  };
}

type Read = { readonly ok: true; readonly value: Form } | { readonly ok: false; readonly error: { readonly error: "invalid_request"; readonly description: string } };

/** An application/x-www-form-urlencoded body as RFC 6749 §3.2 reads it: a parameter sent twice is refused. */
async function readOAuthForm(event: H3Event): Promise<Read> {
  const form = await readForm(event);
  if (!form.ok) {
    const description = form.error === "payload_too_large" ? "The request body is too large." : "The body must be application/x-www-form-urlencoded.";
    return { ok: false, error: { error: "invalid_request", description } };
  }
  const names = [...form.value.keys()];
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) return { ok: false, error: { error: "invalid_request", description: `The parameter ${repeated} is sent more than once.` } };
  return { ok: true, value: Object.fromEntries(form.value) };
}

/** A storage outage or a bug answers as RFC 6749 does (`temporarily_unavailable`, `server_error`), never with internals. */
function guarded(deps: Pick<OAuthEndpointDeps, "onBug">, handler: (event: H3Event) => Promise<Response>) {
  return guardWith(deps, {
    unavailable: () => oauthJson({ error: "temporarily_unavailable", error_description: "Storage is unreachable. Try again in a moment." }, 503, { "retry-after": "1" }),
    bug: () => oauthJson({ error: "server_error", error_description: "An internal error occurred." }, 500),
  }, handler);
}
