import { hashToken, hasTokenShape } from "../domain/oauth.ts";
import { failure, fieldOf, type OAuthDeps } from "./oauth-deps.ts";
import { endGrant, issueTokens, liveKeyOf } from "./oauth-grants.ts";
import type { OAuthResult, TokenAnswer } from "./oauth-use-cases.ts";

/**
 * POST /oauth/token with grant_type=refresh_token (RFC 6749 §6). Refresh tokens rotate: each use answers a new one
 * and the grant keeps only the newest. A refresh token of the grant that is not its current one was used before
 * (stolen, or replayed): the grant ends (its key revoked), so every token of it is refused from then on. Of
 * concurrent refreshes with one token, the grant's compare-and-set lets exactly one rotate it; the others are
 * reuses.
 */
export class RefreshTokens {
  constructor(private readonly deps: OAuthDeps) {}

  async execute(form: Readonly<Record<string, string | undefined>>): Promise<OAuthResult<TokenAnswer>> {
    const { deps } = this;
    const token = fieldOf(form, "refresh_token");
    if (!token) return failure("invalid_request", "refresh_token is required.");
    if (!hasTokenShape(token, "refresh")) return failure("invalid_grant", "The refresh token is not valid.");
    const hash = hashToken(token);
    const stored = await deps.store.findRefreshToken(hash);
    if (!stored || deps.clock.now() >= stored.expiresAt) return failure("invalid_grant", "The refresh token is not valid (unknown or expired).");
    const grant = await deps.store.findGrant(stored.grantId);
    if (!grant) return failure("invalid_grant", "The authorization has ended.");
    const clientId = fieldOf(form, "client_id");
    if (clientId !== undefined && clientId !== grant.clientId) return failure("invalid_grant", "The refresh token was issued to another client.");
    const resource = fieldOf(form, "resource");
    if (resource !== undefined && resource !== grant.resource) return failure("invalid_target", `The refresh token is for ${grant.resource} only.`);
    if (!(await liveKeyOf(deps, grant))) {
      // Its key revoked or expired, or its grantor gone from the workspace: the grant will never work again.
      await deps.store.deleteGrant(grant.id);
      return failure("invalid_grant", "The authorization has ended.");
    }
    const issued = grant.refreshHash === hash ? await issueTokens(deps, grant.id, hash) : undefined;
    if (issued) return issued;
    await endGrant(deps, grant, { system: true });
    return failure("invalid_grant", "The refresh token was used already; the authorization it carried is ended.");
  }
}
