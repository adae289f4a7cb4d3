import { OAUTH_LIFETIMES } from "../domain/oauth.ts";
import { checkClientMetadata } from "./oauth-clients.ts";
import { DEFAULT_REGISTRATIONS, failure, newId, type OAuthDeps } from "./oauth-deps.ts";
import type { ClientRegistration, OAuthClient, OAuthResult } from "./oauth-use-cases.ts";

/** The bucket every registration of the deployment counts in. */
const REGISTRATIONS_BUCKET = "oauth-registrations";

/**
 * RFC 7591 dynamic registration of a public client. Anyone may register, so registrations are counted per
 * deployment (`registrations`, default 100 an hour: `temporarily_unavailable` past it) and a client nobody
 * authorizes is forgotten after 90 days: registering cannot fill the storage.
 */
export class RegisterOAuthClient {
  constructor(private readonly deps: OAuthDeps) {}

  async execute(metadata: unknown): Promise<OAuthResult<ClientRegistration>> {
    const { deps } = this;
    const checked = checkClientMetadata(metadata);
    if (!checked.ok) return checked;
    const policy = deps.registrations ?? DEFAULT_REGISTRATIONS;
    const hit = await deps.limits.hit(REGISTRATIONS_BUCKET, policy.windowMs);
    if (hit.count > policy.limit) return failure("temporarily_unavailable", "Too many clients registered lately; try again later.");
    const client: OAuthClient = { clientId: newId(deps.secrets, "client"), ...checked.value, kind: "registered", issuedAt: deps.clock.now() };
    await deps.store.saveClient(client, OAUTH_LIFETIMES.clientMs);
    return { ok: true, value: toRegistration(client) };
  }
}

/** The RFC 7591 §3.2.1 answer for a client (`client_id_issued_at` in seconds, as RFC 7591 counts it). */
export const toRegistration = (client: OAuthClient): ClientRegistration => ({
  client_id: client.clientId,
  client_id_issued_at: Math.floor(client.issuedAt / 1000),
  client_name: client.clientName,
  redirect_uris: client.redirectUris,
  grant_types: ["authorization_code", "refresh_token"],
  response_types: ["code"],
  token_endpoint_auth_method: "none",
});
