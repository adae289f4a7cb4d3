// The authorization server as one facade (OAuthUseCases) over its use cases, all on the same dependencies.
import { AuthenticateAccessToken } from "./oauth-authenticate.ts";
import { CheckAuthorization } from "./oauth-authorization.ts";
import { DecideAuthorization } from "./oauth-decide.ts";
import { failure, fieldOf, type OAuthDeps } from "./oauth-deps.ts";
import { ExchangeCode } from "./oauth-exchange-code.ts";
import { RefreshTokens } from "./oauth-refresh.ts";
import { RegisterOAuthClient } from "./oauth-register.ts";
import { RevokeOAuthToken } from "./oauth-revoke.ts";
import type { OAuthUseCases } from "./oauth-use-cases.ts";

/** Builds the OAuthUseCases facade the HTTP adapter serves (POST /oauth/register, /authorize, /token, /revoke, /mcp's tokens). */
export function buildOAuthServer(deps: OAuthDeps): OAuthUseCases {
  const register = new RegisterOAuthClient(deps);
  const check = new CheckAuthorization(deps);
  const decide = new DecideAuthorization(deps);
  const exchange = new ExchangeCode(deps);
  const refresh = new RefreshTokens(deps);
  const revoke = new RevokeOAuthToken(deps);
  const authenticate = new AuthenticateAccessToken(deps);
  return {
    register: (metadata) => register.execute(metadata),
    checkAuthorization: (params) => check.execute(params),
    decide: (decision) => decide.execute(decision),
    token: async (form) => {
      const grantType = fieldOf(form, "grant_type");
      if (grantType === "authorization_code") return exchange.execute(form);
      if (grantType === "refresh_token") return refresh.execute(form);
      return grantType === undefined
        ? failure("invalid_request", "grant_type is required.")
        : failure("unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
    },
    revoke: (form) => revoke.execute(form),
    authenticate: (accessToken, resource) => authenticate.execute(accessToken, resource),
  };
}
