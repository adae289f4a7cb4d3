import type { ApiKey } from "../domain/api-key.ts";
import { hashToken, hasTokenShape } from "../domain/oauth.ts";
import type { OAuthDeps } from "./oauth-deps.ts";
import { liveKeyOf } from "./oauth-grants.ts";

/**
 * The key an access token stands for at `resource`, or undefined. Every request reads storage as committed (the
 * token, its grant, the key, the granting account's membership): a revoked key, an ended grant, a removed member or
 * a deleted account (its memberships go with it) refuse the very next request on every instance. A membership newer
 * than the grant is not the one that granted it (removed, then invited back): refused too.
 */
export class AuthenticateAccessToken {
  constructor(private readonly deps: Pick<OAuthDeps, "store" | "keys" | "workspaces" | "clock">) {}

  async execute(accessToken: string, resource: string): Promise<ApiKey | undefined> {
    const { store, clock } = this.deps;
    if (!hasTokenShape(accessToken, "access")) return undefined;
    const token = await store.findAccessToken(hashToken(accessToken));
    const now = clock.now();
    if (!token || now >= token.expiresAt || token.resource !== resource) return undefined;
    const grant = await store.findGrant(token.grantId);
    if (!grant || grant.keyId !== token.keyId) return undefined;
    return liveKeyOf(this.deps, grant);
  }
}
