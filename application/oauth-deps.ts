// What the OAuth use cases share: their dependencies, error values and token minting.
import type { Environment, RateLimitPolicy } from "../domain/api-key.ts";
import { composeToken, hashToken, TOKEN_BYTES, type TokenKind } from "../domain/oauth.ts";
import type { CreateWorkspaceKey } from "./create-workspace-key.ts";
import type { ClientMetadataFetcher, OAuthStore } from "./oauth-ports.ts";
import type { OAuthError, OAuthErrorCode } from "./oauth-use-cases.ts";
import type { ApiKeyStore, Clock, RateLimitStore, SecretSource, WorkspaceStore } from "./ports.ts";
import type { RevokeKey } from "./revoke-key.ts";

/** Everything the authorization server is built from (adapters/bind-oauth.ts fills it). */
export interface OAuthDeps {
  readonly store: OAuthStore;
  readonly clock: Clock;
  readonly secrets: SecretSource;
  /** PUBLIC_URL (the issuer), read when used: with PORT=0 it is known only once the server listens. */
  readonly publicUrl: () => string;
  readonly keys: ApiKeyStore;
  readonly workspaces: WorkspaceStore;
  readonly createWorkspaceKey: CreateWorkspaceKey;
  readonly revokeKey: RevokeKey;
  readonly limits: RateLimitStore;
  /** Client ID Metadata Documents are refused (invalid_client) without one. */
  readonly metadata?: ClientMetadataFetcher;
  /** The environment of the keys grants create (the deployment's). */
  readonly env: Environment;
  /** Registrations the whole deployment accepts per window (anyone may register). Default 100 an hour. */
  readonly registrations?: RateLimitPolicy;
}

export const DEFAULT_REGISTRATIONS: RateLimitPolicy = { limit: 100, windowMs: 3_600_000 };

/** The issuer (RFC 9207 `iss`): PUBLIC_URL without a trailing slash. */
export const issuerOf = (deps: Pick<OAuthDeps, "publicUrl">): string => deps.publicUrl().replace(/\/+$/, "");

/** The one resource (RFC 8707) tokens are issued for: the MCP endpoint. */
export const mcpResourceOf = (deps: Pick<OAuthDeps, "publicUrl">): string => `${issuerOf(deps)}/mcp`;

export const oauthError = (error: OAuthErrorCode, description: string): OAuthError => ({ error, description });

/** A failed OAuthResult. */
export const failure = (error: OAuthErrorCode, description: string) => ({ ok: false as const, error: oauthError(error, description) });

/** A fresh token of `kind` and its hash (the only form stored). */
export function mintToken(secrets: SecretSource, kind: TokenKind): { readonly token: string; readonly hash: string } {
  const token = composeToken(kind, secrets.randomBytes(TOKEN_BYTES));
  return { token, hash: hashToken(token) };
}

/** A fresh id with a prefix (`grant_…`, `client_…`): 24 base64url characters of CSPRNG output. */
export const newId = (secrets: SecretSource, prefix: string): string => `${prefix}_${Buffer.from(secrets.randomBytes(18)).toString("base64url")}`;

/** A form or query field as given: a string, or undefined when absent or empty. */
export const fieldOf = (form: Readonly<Record<string, string | undefined>>, name: string): string | undefined => {
  const value = form[name];
  return typeof value === "string" && value.length > 0 ? value : undefined;
};
