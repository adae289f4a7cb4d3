// The OAuth authorization server for MCP clients (contract: "OAuth for MCP clients"), as the HTTP adapter sees it:
// one facade over the use cases in application/oauth-*.ts. Errors carry RFC 6749 / 7591 / 8707 codes, never a wire
// envelope: OAuth clients read `{"error","error_description"}`.
import type { ApiKey, KeyScopes } from "../domain/api-key.ts";
import type { Account } from "../domain/account.ts";

/** An error code an OAuth endpoint answers (RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 8707 §2). */
export type OAuthErrorCode =
  | "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type"
  | "unsupported_response_type" | "invalid_scope" | "access_denied" | "server_error" | "invalid_target"
  | "invalid_redirect_uri" | "invalid_client_metadata" | "temporarily_unavailable";

export interface OAuthError {
  readonly error: OAuthErrorCode;
  readonly description: string;
}

export type OAuthResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: OAuthError };

/** A client as registered (RFC 7591) or read from its Client ID Metadata Document. */
export interface OAuthClient {
  readonly clientId: string;
  readonly clientName: string;
  readonly redirectUris: readonly string[];
  /** `registered` (POST /oauth/register) or `metadata-document` (client_id is the document's https: URL). */
  readonly kind: "registered" | "metadata-document";
  /** Epoch ms. */
  readonly issuedAt: number;
}

/** The RFC 7591 §3.2.1 answer of POST /oauth/register (201). */
export interface ClientRegistration {
  readonly client_id: string;
  readonly client_id_issued_at: number;
  readonly client_name: string;
  readonly redirect_uris: readonly string[];
  readonly grant_types: readonly string[];
  readonly response_types: readonly string[];
  readonly token_endpoint_auth_method: "none";
}

/** The query of GET /oauth/authorize (and the same fields posted back by the consent form), as received. */
export type AuthorizationParams = Readonly<Record<string, string | undefined>>;

/**
 * How an authorization request stands before consent:
 * - `show`: valid; the consent page names `client` and `redirectHost`, offers `workspaces` and the tool categories;
 * - `redirect`: invalid but its client and redirect URI are trusted: send the browser to `location` (error + state);
 * - `refuse`: the client or redirect URI cannot be trusted (RFC 6749 §4.1.2.1): show the error, never redirect.
 */
export type AuthorizationCheck =
  | { readonly kind: "show"; readonly client: OAuthClient; readonly redirectHost: string; readonly scope: KeyScopes | null }
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "refuse"; readonly error: OAuthError };

/** The signed-in person's answer on the consent page. */
export interface ConsentDecision {
  readonly account: Account;
  readonly params: AuthorizationParams;
  readonly approve: boolean;
  /** The workspace to grant (one where the account may create keys). */
  readonly workspaceId?: string;
  /** Null: every tool; otherwise the categories chosen. */
  readonly scopes?: KeyScopes | null;
}

/** The RFC 6749 §5.1 answer of POST /oauth/token. */
export interface TokenAnswer {
  readonly access_token: string;
  readonly token_type: "Bearer";
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly scope?: string;
}

export interface OAuthUseCases {
  /** POST /oauth/register: a public client (token_endpoint_auth_method none), redirect URIs https: or loopback http:. */
  register(metadata: unknown): Promise<OAuthResult<ClientRegistration>>;
  /** GET /oauth/authorize after sign-in (and before it, to refuse a bad request without asking anyone to sign in). */
  checkAuthorization(params: AuthorizationParams): Promise<AuthorizationCheck>;
  /**
   * The consent form's answer: approving saves the grant (its key `MCP: <client name>` in the chosen workspace is
   * made when the code is exchanged) and a one-use code (60 s); both answers are the redirect `location` (code + state, or error=access_denied + state).
   * `refuse` as checkAuthorization when the request itself is no longer valid.
   */
  decide(decision: ConsentDecision): Promise<{ readonly kind: "redirect"; readonly location: string } | { readonly kind: "refuse"; readonly error: OAuthError }>;
  /** POST /oauth/token (form fields): authorization_code or refresh_token. */
  token(form: Readonly<Record<string, string | undefined>>): Promise<OAuthResult<TokenAnswer>>;
  /** POST /oauth/revoke (RFC 7009): always succeeds for an unknown token; a refresh token ends its whole grant. */
  revoke(form: Readonly<Record<string, string | undefined>>): Promise<OAuthResult<void>>;
  /**
   * The key an access token stands for at `resource`, or undefined (unknown, expired, another resource, the grant
   * ended, its key revoked or expired, its granting account no longer a member of the key's workspace). Every
   * check reads storage as committed, never a cache. Throws StorageUnavailableError when storage cannot answer.
   */
  authenticate(accessToken: string, resource: string): Promise<ApiKey | undefined>;
}
