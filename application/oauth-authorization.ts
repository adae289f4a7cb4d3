import type { KeyScopes } from "../domain/api-key.ts";
import { isValidS256Challenge, redirectHostOf } from "../domain/oauth.ts";
import { readScope } from "../domain/oauth-scope.ts";
import { findClient } from "./oauth-clients.ts";
import { fieldOf, issuerOf, mcpResourceOf, type OAuthDeps, oauthError } from "./oauth-deps.ts";
import type { AuthorizationCheck, AuthorizationParams, OAuthClient, OAuthErrorCode } from "./oauth-use-cases.ts";

/** An authorization request that passed every check: what consent and the code are made of. */
export interface ValidRequest {
  readonly kind: "valid";
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly codeChallenge: string;
  readonly resource: string;
  readonly scope: KeyScopes | null;
}

type Refusal = Extract<AuthorizationCheck, { kind: "refuse" }>;
type Redirect = Extract<AuthorizationCheck, { kind: "redirect" }>;

/** `redirectUri` with `fields` added to its query, and `iss` (RFC 9207) so the client can tell which server answered. */
export function redirectTo(deps: Pick<OAuthDeps, "publicUrl">, redirectUri: string, fields: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) url.searchParams.append(name, value);
  url.searchParams.append("iss", issuerOf(deps));
  return url.href;
}

const refuse = (error: OAuthErrorCode, description: string): Refusal => ({ kind: "refuse", error: oauthError(error, description) });

/**
 * Checks an authorization request in RFC 6749 §4.1.2.1's order: a missing or unknown client, or a redirect_uri that
 * is not exactly one it registered, is refused without any redirect (it could send the browser anywhere); every
 * other problem is sent back to the client's redirect URI with `error`, `error_description`, `state` and `iss`.
 */
export async function checkAuthorizationRequest(deps: OAuthDeps, params: AuthorizationParams): Promise<ValidRequest | Redirect | Refusal> {
  const clientId = fieldOf(params, "client_id");
  if (!clientId) return refuse("invalid_request", "The request has no client_id.");
  const found = await findClient(deps, clientId);
  if (!found.ok) return { kind: "refuse", error: found.error };
  const client = found.value;
  const redirectUri = fieldOf(params, "redirect_uri");
  if (!redirectUri) return refuse("invalid_request", "The request has no redirect_uri.");
  if (!client.redirectUris.includes(redirectUri)) return refuse("invalid_request", "The redirect_uri is not one this client registered.");
  const state = fieldOf(params, "state");
  const back = (error: OAuthErrorCode, description: string): Redirect =>
    ({ kind: "redirect", location: redirectTo(deps, redirectUri, { error, error_description: description, state }) });
  const responseType = fieldOf(params, "response_type");
  if (!responseType) return back("invalid_request", "response_type is required.");
  if (responseType !== "code") return back("unsupported_response_type", "Only response_type=code is supported.");
  const codeChallenge = fieldOf(params, "code_challenge");
  if (!codeChallenge) return back("invalid_request", "PKCE is required: send code_challenge and code_challenge_method=S256.");
  if (fieldOf(params, "code_challenge_method") !== "S256") return back("invalid_request", "code_challenge_method must be S256.");
  if (!isValidS256Challenge(codeChallenge)) return back("invalid_request", "code_challenge must be 43 base64url characters (S256).");
  const resource = fieldOf(params, "resource");
  const expected = mcpResourceOf(deps);
  if (!resource) return back("invalid_target", `resource is required: ${expected}`);
  if (resource !== expected) return back("invalid_target", `This server issues tokens only for ${expected}.`);
  return { kind: "valid", client, redirectUri, state, codeChallenge, resource, scope: readScope(fieldOf(params, "scope")) };
}

/** GET /oauth/authorize: whether to show the consent page, send the browser back with an error, or refuse. */
export class CheckAuthorization {
  constructor(private readonly deps: OAuthDeps) {}

  async execute(params: AuthorizationParams): Promise<AuthorizationCheck> {
    const checked = await checkAuthorizationRequest(this.deps, params);
    if (checked.kind !== "valid") return checked;
    return { kind: "show", client: checked.client, redirectHost: redirectHostOf(checked.redirectUri), scope: checked.scope };
  }
}
