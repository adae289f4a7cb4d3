import { grantKeyName, OAUTH_LIFETIMES } from "../domain/oauth.ts";
import { toScopeString } from "../domain/oauth-scope.ts";
import { checkAuthorizationRequest, redirectTo, type ValidRequest } from "./oauth-authorization.ts";
import { mintToken, newId, type OAuthDeps, oauthError } from "./oauth-deps.ts";
import type { OAuthGrant } from "./oauth-ports.ts";
import type { ConsentDecision, OAuthUseCases } from "./oauth-use-cases.ts";

type Decided = Awaited<ReturnType<OAuthUseCases["decide"]>>;

/** How long a spent code is remembered, so that a second exchange of it is recognized as a reuse (and ends its grant). */
const SPENT_CODE_MEMORY_MS = 10 * 60_000;

/**
 * The consent page's answer. The request is checked again (it came back through the browser). Denying sends the
 * client `access_denied`; approving creates the grant's key `MCP: <client name>` in the chosen workspace through
 * CreateWorkspaceKey (which checks that the account may create keys there), with the consented scopes, the
 * deployment's environment and default limit; then the grant, and a one-use code for it.
 */
export class DecideAuthorization {
  constructor(private readonly deps: OAuthDeps) {}

  async execute(decision: ConsentDecision): Promise<Decided> {
    const { deps } = this;
    const request = await checkAuthorizationRequest(deps, decision.params);
    if (request.kind !== "valid") return request;
    const back = (fields: Record<string, string | undefined>): Decided =>
      ({ kind: "redirect", location: redirectTo(deps, request.redirectUri, { ...fields, state: request.state }) });
    if (!decision.approve) return back({ error: "access_denied", error_description: "The person declined to authorize this client." });
    if (!decision.workspaceId) return { kind: "refuse", error: oauthError("invalid_request", "Choose a workspace to grant.") };
    const scopes = decision.scopes === undefined ? request.scope : decision.scopes;
    const created = await deps.createWorkspaceKey.execute({
      accountId: decision.account.id, workspaceId: decision.workspaceId, name: grantKeyName(request.client.clientName), env: deps.env, scopes,
    });
    if (!created.ok) {
      const code = created.error.code === "invalid_input" ? "invalid_scope" : "access_denied";
      return { kind: "refuse", error: oauthError(code, created.error.message) };
    }
    const key = created.value.key;
    const grant = await this.saveGrant(decision, request, key.id, toScopeString(scopes));
    const code = mintToken(deps.secrets, "code");
    await deps.store.saveCode(code.hash, {
      grantId: grant.id, clientId: grant.clientId, redirectUri: request.redirectUri, codeChallenge: request.codeChallenge,
      resource: request.resource, expiresAt: deps.clock.now() + OAUTH_LIFETIMES.codeMs, spent: false,
    }, OAUTH_LIFETIMES.codeMs + SPENT_CODE_MEMORY_MS);
    return back({ code: code.token });
  }

  private async saveGrant(decision: ConsentDecision, request: ValidRequest, keyId: string, scope: string): Promise<OAuthGrant> {
    const { deps } = this;
    const { client } = request;
    const grant: OAuthGrant = {
      id: newId(deps.secrets, "grant"), clientId: client.clientId, clientName: client.clientName, accountId: decision.account.id,
      workspaceId: decision.workspaceId as string, keyId, resource: request.resource, scope, createdAt: deps.clock.now(), refreshHash: null,
    };
    // Lives as long as a refresh token would; an exchange renews it.
    await deps.store.saveGrant(grant, OAUTH_LIFETIMES.refreshMs);
    // A client someone authorized is kept another 90 days (a metadata document stays a short-lived cache).
    if (client.kind === "registered") await deps.store.saveClient(client, OAUTH_LIFETIMES.clientMs);
    return grant;
  }
}
