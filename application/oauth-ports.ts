// The ports of the OAuth authorization server (application/oauth-server.ts): its records and where they live.
import type { OAuthClient } from "./oauth-use-cases.ts";

/**
 * What a person approved on the consent page: the client, who approved it, where, and its key once the code is
 * exchanged. The grant keeps the hash of its one current refresh token: a refresh token of the grant that is not that
 * one was reused.
 */
export interface OAuthGrant {
  readonly id: string;
  readonly clientId: string;
  readonly clientName: string;
  readonly accountId: string;
  readonly workspaceId: string;
  /**
   * The grant's key, made when its code is exchanged (so an authorization never completed leaves no key behind);
   * null until then. Grants from before 2026-11-30 had it from the consent.
   */
  readonly keyId: string | null;
  /** The RFC 8707 resource its tokens are for (`<PUBLIC_URL>/mcp`). */
  readonly resource: string;
  /** The granted scope string (the token answer's `scope`, and the key's scopes: readScope reads them back). */
  readonly scope: string;
  /** Epoch ms. */
  readonly createdAt: number;
  /** SHA-256 (hex) of the current refresh token; null until the code is exchanged; GRANT_ENDED once ended. */
  readonly refreshHash: string | null;
}

/** A one-use authorization code, kept by its hash until it expires (and a while after, to tell a reuse). */
export interface OAuthCode {
  readonly grantId: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly resource: string;
  /** Epoch ms. */
  readonly expiresAt: number;
  /** Set by the one exchange that spent it. */
  readonly spent: boolean;
}

/** An access or refresh token, kept by its hash. */
export interface OAuthToken {
  readonly grantId: string;
  /** Epoch ms. */
  readonly expiresAt: number;
}

/** An access token also names the key it stands for and the resource it is valid at. */
export interface OAuthAccessToken extends OAuthToken {
  readonly keyId: string;
  readonly resource: string;
}

/** How an attempt to spend a code ended: the first spend wins; a later one learns the code was spent before. */
export type CodeSpend = { readonly code: OAuthCode; readonly first: boolean } | undefined;

/**
 * Where clients, grants, codes and tokens live; every record carries a TTL so the storage drops it once useless.
 * Every method throws when the storage cannot be reached.
 */
export interface OAuthStore {
  /** Inserts or replaces the client; the storage may forget it after `ttlMs`. */
  saveClient(client: OAuthClient, ttlMs: number): Promise<void>;
  /** The client with this id, or undefined. */
  findClient(clientId: string): Promise<OAuthClient | undefined>;
  /** Stores a new grant (its id is new). */
  saveGrant(grant: OAuthGrant, ttlMs: number): Promise<void>;
  /** The grant with this id as committed now, or undefined (never granted, ended or expired). */
  findGrant(id: string): Promise<OAuthGrant | undefined>;
  /**
   * Changes one grant atomically on every instance: `change` gets it as stored now and returns the new grant, or
   * undefined to leave it; when another writer changed it meanwhile, `change` runs again on the newer one, so it must
   * be a pure function of its argument. The result is stored for `ttlMs`. Undefined when no grant has this id.
   */
  updateGrant(id: string, change: (current: OAuthGrant) => OAuthGrant | undefined, ttlMs: number): Promise<{ before: OAuthGrant; after: OAuthGrant } | undefined>;
  /** Forgets the grant; a no-op for an unknown id. */
  deleteGrant(id: string): Promise<void>;
  /** Stores a new code under its hash, kept for `ttlMs` (longer than its life, so a reuse is recognized). */
  saveCode(hash: string, code: OAuthCode, ttlMs: number): Promise<void>;
  /**
   * Marks the code spent, atomically on every instance: of any number of concurrent spends exactly one gets
   * `first: true`; every other (then or later) gets `first: false`. Undefined when no code has this hash.
   */
  spendCode(hash: string): Promise<CodeSpend>;
  saveAccessToken(hash: string, token: OAuthAccessToken, ttlMs: number): Promise<void>;
  /** The access token with this hash, or undefined. */
  findAccessToken(hash: string): Promise<OAuthAccessToken | undefined>;
  /** Forgets the access token; a no-op for an unknown hash. */
  deleteAccessToken(hash: string): Promise<void>;
  /** Remembers which grant a refresh token (current or rotated away) belongs to. */
  saveRefreshToken(hash: string, token: OAuthToken, ttlMs: number): Promise<void>;
  /** The refresh token with this hash, or undefined. */
  findRefreshToken(hash: string): Promise<OAuthToken | undefined>;
}

/** What fetching a Client ID Metadata Document gave: the parsed JSON, or why there is none. */
export type MetadataFetch = { readonly ok: true; readonly document: unknown } | { readonly ok: false; readonly reason: string };

/** Fetches Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document). */
export interface ClientMetadataFetcher {
  /**
   * GETs `url` under the outbound rules (no refused address, no redirect, bounded time and size) and parses it as
   * JSON. Never throws: a failure is `{ ok: false, reason }`, a short text safe to show.
   */
  fetch(url: string): Promise<MetadataFetch>;
}
