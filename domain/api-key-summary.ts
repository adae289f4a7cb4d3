import { type ApiKey, type Environment, type KeyScopes, type KeyStatus, statusAt } from "./api-key.ts";

/** The public view of a key: everything but its hash. */
export interface ApiKeySummary {
  readonly id: string;
  readonly name: string;
  readonly env: Environment;
  readonly prefix: string;
  readonly status: KeyStatus;
  readonly expiresAt: string | null;
  readonly scopes: KeyScopes | null;
  readonly limit: number;
  readonly windowSeconds: number;
  readonly workspaceId: string | null;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  /** Until when the secret replaced by the last rotation still works; null when none does (now). */
  readonly previousSecretExpiresAt: string | null;
  /** The account that created the key; null for CLI keys. */
  readonly createdBy: string | null;
}

const isoOrNull = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** `now` decides whether an unrevoked key shows as expired. */
export function toKeySummary(key: ApiKey, now: number): ApiKeySummary {
  return {
    id: key.id,
    name: key.name,
    env: key.env,
    prefix: key.prefix,
    status: statusAt(key, now),
    expiresAt: isoOrNull(key.expiresAt),
    scopes: key.scopes ?? null,
    limit: key.policy.limit,
    windowSeconds: key.policy.windowMs / 1000,
    workspaceId: key.workspaceId,
    createdAt: new Date(key.createdAt).toISOString(),
    lastUsedAt: key.lastUsedAt === null ? null : new Date(key.lastUsedAt).toISOString(),
    previousSecretExpiresAt: typeof key.previousSecretExpiresAt === "number" && now < key.previousSecretExpiresAt
      ? new Date(key.previousSecretExpiresAt).toISOString() : null,
    createdBy: key.createdBy ?? null,
  };
}
