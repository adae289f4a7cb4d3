// What every token path does with a grant: issue its tokens, or end it.
import { type ApiKey, isActive, isExpiredAt, type KeyScopes } from "../domain/api-key.ts";
import type { AuditActor } from "../domain/audit.ts";
import { grantKeyName, OAUTH_LIFETIMES } from "../domain/oauth.ts";
import type { CreateWorkspaceKeyCommand } from "./create-workspace-key.ts";
import { mintToken, type OAuthDeps } from "./oauth-deps.ts";
import type { OAuthGrant } from "./oauth-ports.ts";
import type { OAuthResult, TokenAnswer } from "./oauth-use-cases.ts";

/** The refresh hash of a grant being ended: no token hashes to it, and no exchange or refresh can rotate it away. */
export const GRANT_ENDED = "ended";

/**
 * Ends a grant: it is marked ended first (atomically, so an exchange of its code racing this one either gave it its
 * key before, and that key is revoked here, or finds it ended and revokes the key it made), then its key is revoked
 * (through RevokeKey: audited, and every access token of the grant is refused at once on every instance, since each
 * request reads the key), then the grant record goes, so no refresh token of it works again. Safe to repeat and to
 * run concurrently.
 */
export async function endGrant(deps: OAuthDeps, grant: Pick<OAuthGrant, "id" | "keyId">, actor: AuditActor): Promise<void> {
  const ended = await deps.store.updateGrant(grant.id, (current) => ({ ...current, refreshHash: GRANT_ENDED }), OAUTH_LIFETIMES.refreshMs);
  const keyId = ended?.after.keyId ?? grant.keyId;
  if (keyId !== null) await deps.revokeKey.execute({ id: keyId, actor });
  await deps.store.deleteGrant(grant.id);
}

/** Ends the grant with this id, when there still is one. */
export async function endGrantById(deps: OAuthDeps, grantId: string, actor: AuditActor): Promise<void> {
  const grant = await deps.store.findGrant(grantId);
  if (grant) await endGrant(deps, grant, actor);
}

/**
 * The grant's key when the grant still stands, read as committed: the key active and unexpired, and the granting
 * account still a member of its workspace (a deleted account's memberships go with it). A membership newer than the
 * grant is not the one that granted it (removed, then invited back): the grant stays ended.
 */
export async function liveKeyOf(deps: Pick<OAuthDeps, "keys" | "workspaces" | "clock">, grant: OAuthGrant): Promise<ApiKey | undefined> {
  if (grant.keyId === null) return undefined;
  const key = await deps.keys.findById(grant.keyId);
  if (!key || !isActive(key) || isExpiredAt(key, deps.clock.now()) || key.workspaceId !== grant.workspaceId) return undefined;
  const membership = await deps.workspaces.findMembership(grant.workspaceId, grant.accountId);
  return membership && membership.createdAt <= grant.createdAt ? key : undefined;
}

/**
 * Issues a new access token and a new refresh token for a grant, the refresh token becoming the grant's one
 * current refresh token only if the grant's current one is still `expectedRefreshHash` (null: none yet, for the
 * code exchange, which also gives the grant its key: `keyId`, recorded only on a grant that has none). Undefined
 * when it is not (another request rotated it first, or the grant ended): nothing issued.
 */
export async function issueTokens(
  deps: OAuthDeps, grantId: string, expectedRefreshHash: string | null, keyId?: string,
): Promise<OAuthResult<TokenAnswer> | undefined> {
  const now = deps.clock.now();
  const refresh = mintToken(deps.secrets, "refresh");
  // Stored before the grant points at it: a refresh token the grant names can always be looked up.
  await deps.store.saveRefreshToken(refresh.hash, { grantId, expiresAt: now + OAUTH_LIFETIMES.refreshMs }, OAUTH_LIFETIMES.refreshMs);
  const rotate = (grant: OAuthGrant): OAuthGrant | undefined => {
    if (grant.refreshHash !== expectedRefreshHash) return undefined;
    if (keyId === undefined) return { ...grant, refreshHash: refresh.hash };
    return grant.keyId === null ? { ...grant, keyId, refreshHash: refresh.hash } : undefined;
  };
  const rotated = await deps.store.updateGrant(grantId, rotate, OAUTH_LIFETIMES.refreshMs);
  if (!rotated || rotated.after === rotated.before) return undefined;
  const grant = rotated.after;
  if (grant.keyId === null) return undefined;
  const access = mintToken(deps.secrets, "access");
  await deps.store.saveAccessToken(
    access.hash, { grantId, keyId: grant.keyId, resource: grant.resource, expiresAt: now + OAUTH_LIFETIMES.accessMs }, OAUTH_LIFETIMES.accessMs,
  );
  return {
    ok: true,
    value: {
      access_token: access.token, token_type: "Bearer", expires_in: OAUTH_LIFETIMES.accessMs / 1000, refresh_token: refresh.token, scope: grant.scope,
    },
  };
}

/** The grant's key as CreateWorkspaceKey makes it: `MCP: <client name>`, the deployment's environment and default limit. */
export function grantKeyCommand(
  deps: Pick<OAuthDeps, "env">, accountId: string, workspaceId: string, clientName: string, scopes: KeyScopes | null,
): CreateWorkspaceKeyCommand {
  return { accountId, workspaceId, name: grantKeyName(clientName), env: deps.env, scopes };
}
