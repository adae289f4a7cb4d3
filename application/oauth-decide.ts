import { OAUTH_LIFETIMES } from "../domain/oauth.ts";
import { toScopeString } from "../domain/oauth-scope.ts";
import { checkAuthorizationRequest, redirectTo, type ValidRequest } from "./oauth-authorization.ts";
import { mintToken, newId, type OAuthDeps, oauthError } from "./oauth-deps.ts";
import { grantKeyCommand } from "./oauth-grants.ts";
import type { OAuthGrant } from "./oauth-ports.ts";
import type { ConsentDecision, OAuthUseCases } from "./oauth-use-cases.ts";

type Decided = Awaited<ReturnType<OAuthUseCases["decide"]>>;

/** How long a spent code is remembered, so that a second exchange of it is recognized as a reuse (and ends its grant). */
const SPENT_CODE_MEMORY_MS = 10 * 60_000;

/**
 * The consent page's answer. The request is checked again (it came back through the browser). Denying sends the
 * client `access_denied`; approving checks that the account may create the grant's key `MCP: <client name>` in the
 * chosen workspace with the consented scopes (CreateWorkspaceKey.check), then saves the grant and a one-use code
 * for it. The key itself is made when the code is exchanged (ExchangeCode), so a consent whose code is never
 * exchanged leaves no key behind.
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
    const allowed = await deps.createWorkspaceKey.check(grantKeyCommand(deps, decision.account.id, decision.workspaceId, request.client.clientName, scopes));
    if (!allowed.ok) {
      const code = allowed.error.code === "invalid_input" ? "invalid_scope" : "access_denied";
      return { kind: "refuse", error: oauthError(code, allowed.error.message) };
    }
    const grant = await this.saveGrant(decision, request, toScopeString(scopes));
    const code = mintToken(deps.secrets, "code");
    await deps.store.saveCode(code.hash, {
      grantId: grant.id, clientId: grant.clientId, redirectUri: request.redirectUri, codeChallenge: request.codeChallenge,
      resource: request.resource, expiresAt: deps.clock.now() + OAUTH_LIFETIMES.codeMs, spent: false,
    }, OAUTH_LIFETIMES.codeMs + SPENT_CODE_MEMORY_MS);
    return back({ code: code.token });
  }

  private async saveGrant(decision: ConsentDecision, request: ValidRequest, scope: string): Promise<OAuthGrant> {
    const { deps } = this;
    const { client } = request;
    const grant: OAuthGrant = {
      id: newId(deps.secrets, "grant"), clientId: client.clientId, clientName: client.clientName, accountId: decision.account.id,
      workspaceId: decision.workspaceId as string, keyId: null, resource: request.resource, scope, createdAt: deps.clock.now(), refreshHash: null,
    };
    // Lives as long as a refresh token would; an exchange renews it.
    await deps.store.saveGrant(grant, OAUTH_LIFETIMES.refreshMs);
    // A client someone authorized is kept another 90 days (a metadata document stays a short-lived cache).
    if (client.kind === "registered") await deps.store.saveClient(client, OAUTH_LIFETIMES.clientMs);
    return grant;
  }
}
