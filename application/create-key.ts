import {
  type ApiKey, type KeyScopes, displayPrefix, ENVIRONMENTS, type Environment, hashSecret, type RateLimitPolicy, toBase62,
} from "../domain/api-key.ts";
import { type ApiKeySummary, toKeySummary } from "../domain/api-key-summary.ts";
import { checkDisplayName } from "../domain/display-name.ts";
import { type DomainError, type InputIssue, invalidInput } from "../domain/errors.ts";
import { toPolicy } from "../domain/rate-limit.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { AuditActor } from "../domain/audit.ts";
import { journaled } from "./change-journal.ts";
import type { ApiKeyStore, AuditLog, Clock, Outbox, SecretSource } from "./ports.ts";
import { checkScopes, mintSecret } from "./key-fields.ts";

export interface CreateKeyCommand {
  readonly name: string;
  readonly env: string;
  /** Requests per window; the deployment default when absent. */
  readonly limit?: number;
  readonly windowSeconds?: number;
  readonly workspaceId?: string | null;
  /** Seconds from now until the key is refused; never when absent. */
  readonly expiresInSeconds?: number;
  /** Epoch ms at which the key is refused (a chosen date), instead of `expiresInSeconds`; must be in the future. */
  readonly expiresAt?: number;
  /** Tool ids and/or categories the key may call; every tool when absent. */
  readonly scopes?: { readonly tools?: readonly string[]; readonly categories?: readonly string[] } | null;
  /** Who creates it, for the audit log; the CLI when absent. */
  readonly actor?: AuditActor;
}

export interface CreateKeyOutput {
  readonly key: ApiKeySummary;
  /** The full secret: returned here once and never again. */
  readonly secret: string;
}

export const MAX_KEY_NAME_LENGTH = 64;

/** A key's name as given at creation or in an update: the display-name rule at `/name`. */
export const checkKeyName = (raw: unknown): Result<string, InputIssue> => checkDisplayName(raw, MAX_KEY_NAME_LENGTH);
/** Ten years: far enough for any planned expiry, near enough to stay a valid date. */
export const MAX_EXPIRES_IN_SECONDS = 10 * 365 * 86_400;

interface Checked {
  name: string;
  env: Environment;
  policy: RateLimitPolicy;
  scopes: KeyScopes | null;
  /** Epoch ms; null: never. */
  expiresAt: number | null;
}

/** Mints a key: a CSPRNG secret that is returned once; only its SHA-256 is stored. */
export class CreateKey {
  constructor(
    private readonly deps: { keys: ApiKeyStore; audit: AuditLog; secrets: SecretSource; clock: Clock; defaultPolicy: RateLimitPolicy; outbox?: Outbox },
  ) {}

  async execute(cmd: CreateKeyCommand): Promise<Result<CreateKeyOutput, DomainError>> {
    const now = this.deps.clock.now();
    const checked = this.checkAt(cmd, now);
    if (!checked.ok) return checked;
    const { name, env, policy, scopes, expiresAt } = checked.value;
    const secret = mintSecret(this.deps.secrets, env);
    const key: ApiKey = {
      id: `key_${this.randomId()}`,
      name,
      env,
      prefix: displayPrefix(secret),
      secretHash: hashSecret(secret),
      status: "active",
      policy,
      workspaceId: cmd.workspaceId ?? null,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
      expiresAt,
      scopes,
      // Members may change only the keys they created (shared/contract.md, "Members and invitations").
      ...(cmd.actor && "accountId" in cmd.actor ? { createdBy: cmd.actor.accountId } : {}),
    };
    const subject = { type: "key.created", actor: cmd.actor ?? { cli: true }, workspaceId: key.workspaceId, keyId: key.id } as const;
    await journaled(this.deps, { subjects: [subject], check: { kind: "key", keyId: key.id, expect: { secretHash: key.secretHash } } }, async () => {
      await this.deps.keys.save(key);
      return { landed: true, value: undefined };
    });
    return ok({ key: toKeySummary(key, now), secret });
  }

  /** Whether execute would accept the command now, minting nothing. */
  check(cmd: CreateKeyCommand): Result<void, DomainError> {
    const checked = this.checkAt(cmd, this.deps.clock.now());
    return checked.ok ? ok(undefined) : checked;
  }

  private checkAt(cmd: CreateKeyCommand, now: number): Result<Checked, DomainError> {
    const issues: InputIssue[] = [];
    const name = checkKeyName(cmd.name);
    if (!name.ok) issues.push(name.error);
    const env = ENVIRONMENTS.find((candidate) => candidate === cmd.env);
    if (!env) issues.push({ path: "/env", message: `must be one of ${ENVIRONMENTS.join(", ")}` });
    const fallback = this.deps.defaultPolicy;
    const policy = toPolicy(cmd.limit ?? fallback.limit, cmd.windowSeconds ?? fallback.windowMs / 1000);
    if (!policy) issues.push({ path: "/limit", message: "limit must be 1 to 10^9 and the window 1 to 86400 seconds" });
    const expiresAt = checkExpiry(cmd, now, issues);
    const scopes = checkScopes(cmd.scopes, issues);
    if (issues.length > 0 || !name.ok || !env || !policy) return err(invalidInput(issues));
    return ok({ name: name.value, env, policy, scopes, expiresAt });
  }

  private randomId(): string {
    for (;;) {
      const id = toBase62(this.deps.secrets.randomBytes(32), 16);
      if (id) return id;
    }
  }
}

/** The epoch ms at which the key is refused (null: never), from either expiry field; problems pushed onto `issues`. */
function checkExpiry(cmd: CreateKeyCommand, now: number, issues: InputIssue[]): number | null {
  if (cmd.expiresAt !== undefined) {
    const inMs = cmd.expiresAt - now;
    if (Number.isInteger(cmd.expiresAt) && inMs >= 1000 && inMs <= MAX_EXPIRES_IN_SECONDS * 1000) return cmd.expiresAt;
    issues.push({ path: "/expiresAt", message: "must be in the future and within 10 years" });
    return null;
  }
  const expires = cmd.expiresInSeconds;
  if (expires === undefined) return null;
  if (Number.isInteger(expires) && expires >= 1 && expires <= MAX_EXPIRES_IN_SECONDS) return now + expires * 1000;
  issues.push({ path: "/expiresInSeconds", message: `must be a whole number of seconds, 1 to ${MAX_EXPIRES_IN_SECONDS}` });
  return null;
}
