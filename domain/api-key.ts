import type { ChangeMarked } from "./change-ids.ts";
import { hash } from "node:crypto";

/** The environments a deployment (and so a key) can serve. */
export const ENVIRONMENTS = ["development", "staging", "production"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** How many requests a key may make per window. */
export interface RateLimitPolicy {
  readonly limit: number;
  readonly windowMs: number;
}

/** A stored API key. The secret itself is never stored, only its SHA-256. */
export interface ApiKey extends ChangeMarked {
  readonly id: string;
  readonly name: string;
  readonly env: Environment;
  /** The visible start of the secret, safe to show in lists: "tk_dev_AbCd". */
  readonly prefix: string;
  readonly secretHash: string;
  readonly status: "active" | "revoked";
  readonly policy: RateLimitPolicy;
  readonly workspaceId: string | null;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
  /** Epoch ms after which the key is refused; null or absent: never. */
  readonly expiresAt?: number | null;
  /** What the key may call; null or absent: every tool. */
  readonly scopes?: KeyScopes | null;
  /** The hash of the secret replaced by the last rotation, accepted until `previousSecretExpiresAt`. */
  readonly previousSecretHash?: string | null;
  readonly previousSecretExpiresAt?: number | null;
  /** Set once the `key.expired` audit event has been written. */
  readonly expiryRecorded?: boolean;
  /** The `key.expiring` notices sent for the current expiry ("7d", "1d"). */
  readonly expiryNotices?: readonly string[];
  /** The account that created it (dashboard); absent for CLI keys and keys made before accounts recorded it. */
  readonly createdBy?: string;
}

/** A key limited to these tool ids and/or categories (a tool matching either is allowed). */
export interface KeyScopes {
  readonly tools: readonly string[];
  readonly categories: readonly string[];
}

export type KeyStatus = "active" | "revoked" | "expired";

const ENV_TAGS: Record<Environment, string> = { development: "dev", staging: "stg", production: "live" };
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 32 base62 characters carry 190 bits, well over the 128 bits required. */
export const SECRET_BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const DISPLAY_CHARS = 4;
const SECRET_PATTERN = new RegExp(`^tk_(dev|stg|live)_([0-9A-Za-z]{${SECRET_BODY_LENGTH + CHECKSUM_LENGTH}})$`);

/** Encodes bytes as base62 characters, one character per byte (rejection sampling keeps it unbiased). */
export function toBase62(bytes: Uint8Array, length: number): string | undefined {
  let out = "";
  for (const byte of bytes) {
    if (byte >= 248) continue; // 248 = 62 * 4: higher values would bias the first characters
    out += BASE62[byte % 62];
    if (out.length === length) return out;
  }
  return undefined;
}

function checksumOf(head: string): string {
  const digest = hash("sha256", head, "buffer");
  let value = digest.readUInt32BE(0);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out += BASE62[value % 62];
    value = Math.floor(value / 62);
  }
  return out;
}

/** Builds the full secret from its random body: tk_<env>_<body><checksum>. */
export function composeSecret(env: Environment, body: string): string {
  const head = `tk_${ENV_TAGS[env]}_${body}`;
  return head + checksumOf(head);
}

/** What a well-formed secret says about itself, without any storage lookup. */
export type ParsedSecret = { readonly ok: true; readonly env: Environment } | { readonly ok: false; readonly reason: "malformed" | "checksum" };

/** Checks shape and checksum, so truncated or mistyped keys are refused before touching storage. */
export function parseSecret(secret: string): ParsedSecret {
  const shape = readSecretShape(secret);
  if (!shape.ok) return shape;
  return hasValidChecksum(secret) ? shape : { ok: false, reason: "checksum" };
}

/** The environment a secret names, when it has the shape of one (its checksum not checked: a SHA-256 of its own). */
export function readSecretShape(secret: string): { readonly ok: true; readonly env: Environment } | { readonly ok: false; readonly reason: "malformed" } {
  const match = SECRET_PATTERN.exec(secret);
  if (!match) return { ok: false, reason: "malformed" };
  return { ok: true, env: ENVIRONMENTS.find((name) => ENV_TAGS[name] === match[1]) as Environment };
}

/** Whether the last characters are the checksum of the rest: a mistyped or truncated key fails it. */
export function hasValidChecksum(secret: string): boolean {
  return checksumOf(secret.slice(0, secret.length - CHECKSUM_LENGTH)) === secret.slice(-CHECKSUM_LENGTH);
}

/** The part of a secret shown in lists and logs. */
export function displayPrefix(secret: string): string {
  const underscore = secret.indexOf("_", 3);
  return secret.slice(0, underscore + 1 + DISPLAY_CHARS);
}

/** SHA-256 of the secret, hex: the only form a secret is stored in. One-shot `hash`: no Hash object per request. */
export function hashSecret(secret: string): string {
  return hash("sha256", secret, "hex");
}

/** Compares two hex hashes in constant time (every character is looked at, whatever differs first). */
export function isSameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export const isActive = (key: ApiKey): boolean => key.status === "active";

/** Revoked wins over expired: a revocation is a deliberate act worth showing. */
export function statusAt(key: ApiKey, now: number): KeyStatus {
  if (key.status === "revoked") return "revoked";
  return isExpiredAt(key, now) ? "expired" : "active";
}

export const isExpiredAt = (key: ApiKey, now: number): boolean =>
  key.expiresAt !== undefined && key.expiresAt !== null && now >= key.expiresAt;

/**
 * Whether `secretHash` is the key's current secret, or its previous one still inside the rotation grace.
 * Both comparisons run in constant time; the grace ends exactly at `previousSecretExpiresAt` (refused from then on).
 */
export function acceptsHash(key: ApiKey, secretHash: string, now: number): boolean {
  if (isSameHash(key.secretHash, secretHash)) return true;
  const previous = key.previousSecretHash;
  const until = key.previousSecretExpiresAt;
  return typeof previous === "string" && typeof until === "number" && now < until && isSameHash(previous, secretHash);
}

/** A new current secret; the old one stays accepted for `graceMs` (0: refused at once). */
export const rotate = (key: ApiKey, newSecretHash: string, prefix: string, now: number, graceMs: number): ApiKey => ({
  ...key,
  secretHash: newSecretHash,
  prefix,
  previousSecretHash: graceMs > 0 ? key.secretHash : null,
  previousSecretExpiresAt: graceMs > 0 ? now + graceMs : null,
});

/** Whether a key's scope lets it call a tool of this id and category. */
export function allowsTool(key: Pick<ApiKey, "scopes">, tool: { readonly id: string; readonly category: string }): boolean {
  const scopes = key.scopes;
  if (!scopes) return true;
  return scopes.tools.includes(tool.id) || scopes.categories.includes(tool.category);
}

export const revoke = (key: ApiKey, now: number): ApiKey =>
  key.status === "revoked" ? key : { ...key, status: "revoked", revokedAt: now };
