import { hashToken, hasTokenShape } from "../domain/oauth.ts";
import { failure, fieldOf, type OAuthDeps } from "./oauth-deps.ts";
import { endGrant } from "./oauth-grants.ts";
import type { OAuthResult } from "./oauth-use-cases.ts";

/**
 * POST /oauth/revoke (RFC 7009). An access token ends alone; a refresh token ends its whole grant (its key revoked:
 * every token of the grant refused at once). An unknown, expired or malformed token is answered as a success
 * (RFC 7009 §2.2: the client cannot do anything about it). A token of another client (when `client_id` is sent)
 * is refused and left as it is (§2.1).
 */
export class RevokeOAuthToken {
  constructor(private readonly deps: OAuthDeps) {}

  async execute(form: Readonly<Record<string, string | undefined>>): Promise<OAuthResult<void>> {
    const { deps } = this;
    const token = fieldOf(form, "token");
    if (!token) return failure("invalid_request", "token is required.");
    const clientId = fieldOf(form, "client_id");
    const hash = hashToken(token);
    const notTheirs = failure("invalid_client", "The token was not issued to this client.");
    if (hasTokenShape(token, "access")) {
      const access = await deps.store.findAccessToken(hash);
      if (!access) return done;
      const grant = await deps.store.findGrant(access.grantId);
      if (grant && clientId !== undefined && clientId !== grant.clientId) return notTheirs;
      await deps.store.deleteAccessToken(hash);
      return done;
    }
    if (!hasTokenShape(token, "refresh")) return done;
    const refresh = await deps.store.findRefreshToken(hash);
    const grant = refresh && (await deps.store.findGrant(refresh.grantId));
    if (!grant) return done;
    if (clientId !== undefined && clientId !== grant.clientId) return notTheirs;
    await endGrant(deps, grant, { accountId: grant.accountId });
    return done;
  }
}

const done = { ok: true as const, value: undefined };
