import { hashToken, hasTokenShape, verifiesChallenge } from "../domain/oauth.ts";
import { readScope } from "../domain/oauth-scope.ts";
import { isMetadataDocumentId } from "./oauth-clients.ts";
import { failure, fieldOf, type OAuthDeps } from "./oauth-deps.ts";
import { endGrantById, grantKeyCommand, issueTokens } from "./oauth-grants.ts";
import type { OAuthResult, TokenAnswer } from "./oauth-use-cases.ts";

type Form = Readonly<Record<string, string | undefined>>;

const SYSTEM = { system: true } as const;

/**
 * POST /oauth/token with grant_type=authorization_code (RFC 6749 §4.1.3, RFC 7636 §4.6, RFC 8707 §2.2). The code is
 * spent before anything else is judged, atomically on every instance: of concurrent exchanges exactly one proceeds.
 * A code is good for one attempt: an exchange that fails after spending it (wrong client, redirect_uri, verifier,
 * resource, or too late) ends the grant it was issued for, and so does any later exchange of a spent code (RFC 6749
 * §4.1.2: the tokens issued from a reused code are revoked). The first good exchange makes the grant's key.
 */
export class ExchangeCode {
  constructor(private readonly deps: OAuthDeps) {}

  async execute(form: Form): Promise<OAuthResult<TokenAnswer>> {
    const { deps } = this;
    const code = fieldOf(form, "code");
    const clientId = fieldOf(form, "client_id");
    const redirectUri = fieldOf(form, "redirect_uri");
    const verifier = fieldOf(form, "code_verifier");
    if (!code || !clientId || !redirectUri || !verifier) {
      return failure("invalid_request", "code, client_id, redirect_uri and code_verifier are required.");
    }
    // A metadata-document client is known by its URL (its document was read when the code was made).
    if (!isMetadataDocumentId(clientId) && !(await deps.store.findClient(clientId))) {
      return failure("invalid_client", "No client is registered with this client_id.");
    }
    if (!hasTokenShape(code, "code")) return failure("invalid_grant", "The code is not valid.");
    const spend = await deps.store.spendCode(hashToken(code));
    if (!spend) return failure("invalid_grant", "The code is not valid (unknown or expired).");
    const stored = spend.code;
    const refuse = async (error: "invalid_grant" | "invalid_target", description: string) => {
      await endGrantById(deps, stored.grantId, SYSTEM);
      return failure(error, description);
    };
    if (!spend.first) return refuse("invalid_grant", "The code was used already; the authorization it carried is ended.");
    if (deps.clock.now() >= stored.expiresAt) return refuse("invalid_grant", "The code has expired.");
    if (clientId !== stored.clientId) return refuse("invalid_grant", "The code was issued to another client.");
    if (redirectUri !== stored.redirectUri) return refuse("invalid_grant", "redirect_uri differs from the authorization request's.");
    if (!verifiesChallenge(verifier, stored.codeChallenge)) return refuse("invalid_grant", "The code_verifier does not match the code_challenge.");
    const resource = fieldOf(form, "resource");
    if (resource !== undefined && resource !== stored.resource) return refuse("invalid_target", `The code is for ${stored.resource} only.`);
    return this.issueFirstTokens(stored.grantId, refuse);
  }

  /**
   * The grant's key (made now, by the account that consented, which must still be allowed to: CreateWorkspaceKey)
   * and its first tokens. A key made here for a grant that ended meanwhile is revoked at once.
   */
  private async issueFirstTokens(grantId: string, refuse: (error: "invalid_grant", description: string) => Promise<OAuthResult<TokenAnswer>>): Promise<OAuthResult<TokenAnswer>> {
    const { deps } = this;
    const ended = failure("invalid_grant", "The authorization has ended.");
    const grant = await deps.store.findGrant(grantId);
    if (!grant) return ended;
    // A grant saved before keys were made at the exchange already has its key.
    if (grant.keyId !== null) return (await issueTokens(deps, grantId, null)) ?? ended;
    const created = await deps.createWorkspaceKey.execute(grantKeyCommand(deps, grant.accountId, grant.workspaceId, grant.clientName, readScope(grant.scope)));
    if (!created.ok) return refuse("invalid_grant", `The authorization can no longer be granted: ${created.error.message}`);
    const keyId = created.value.key.id;
    const issued = await issueTokens(deps, grantId, null, keyId);
    if (issued) return issued;
    await deps.revokeKey.execute({ id: keyId, actor: SYSTEM });
    return ended;
  }
}
