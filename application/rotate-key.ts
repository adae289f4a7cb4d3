import { type ApiKey, displayPrefix, hashSecret, isActive, rotate } from "../domain/api-key.ts";
import { type ApiKeySummary, toKeySummary } from "../domain/api-key-summary.ts";
import type { AuditActor } from "../domain/audit.ts";
import { type DomainError, invalidInput, keyNotFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { mintSecret } from "./key-fields.ts";
import type { ApiKeyStore } from "./ports.ts";
import { journaled } from "./change-journal.ts";
import type { AuditDeps } from "./record-audit.ts";

export const DEFAULT_GRACE_SECONDS = 86_400;
export const MAX_GRACE_SECONDS = 604_800;

export interface RotateKeyCommand {
  readonly id: string;
  /** How long the old secret keeps working: 0 to 604800 s, 86400 when absent. */
  readonly graceSeconds?: number;
  /** When given, only a key of this workspace may be rotated; others look unknown. */
  readonly workspaceId?: string;
  readonly actor?: AuditActor;
}

export interface RotateKeyOutput {
  readonly key: ApiKeySummary;
  /** The new secret: returned here once and never again. */
  readonly secret: string;
  /** When the old secret stops working (ISO), or null when it stopped at once. */
  readonly previousSecretExpiresAt: string | null;
}

/** A new secret for the same key id; name, limit, scope, workspace and expiry are kept. Only hashes are stored. */
export class RotateKey {
  constructor(private readonly deps: AuditDeps & { keys: ApiKeyStore }) {}

  async execute(cmd: RotateKeyCommand): Promise<Result<RotateKeyOutput, DomainError>> {
    const grace = cmd.graceSeconds ?? DEFAULT_GRACE_SECONDS;
    if (!Number.isInteger(grace) || grace < 0 || grace > MAX_GRACE_SECONDS) {
      return err(invalidInput([{ path: "/graceSeconds", message: `must be a whole number of seconds, 0 to ${MAX_GRACE_SECONDS}` }]));
    }
    const now = this.deps.clock.now();
    const found = await this.deps.keys.findById(cmd.id);
    if (!found) return err(keyNotFound(cmd.id));
    const secret = mintSecret(this.deps.secrets, found.env);
    const refusal = (key: ApiKey) => (cmd.workspaceId !== undefined && key.workspaceId !== cmd.workspaceId ? "other" : isActive(key) ? undefined : "revoked");
    // Applied to the key as stored at the moment of writing: a revocation that won the race is never undone, and a
    // rotation that raced another keeps the other's secret as its previous one.
    const subject = { type: "key.rotated", actor: cmd.actor ?? { cli: true }, workspaceId: found.workspaceId, keyId: found.id } as const;
    const check = { kind: "key-secret", keyId: found.id, secretHash: hashSecret(secret) } as const;
    const change = await journaled(this.deps, { subjects: [subject], check }, async () => {
      const update = await this.deps.keys.update(cmd.id, (key) =>
        refusal(key) ? undefined : rotate(key, hashSecret(secret), displayPrefix(secret), now, grace * 1000));
      return { landed: !!update && update.after !== update.before, value: update };
    });
    if (!change || refusal(change.before) === "other") return err(keyNotFound(cmd.id));
    if (refusal(change.before) === "revoked") return err(invalidInput([{ path: "/id", message: "a revoked key cannot be rotated" }]));
    const rotated = change.after;
    const until = rotated.previousSecretExpiresAt;
    return ok({
      key: toKeySummary(rotated, now),
      secret,
      previousSecretExpiresAt: typeof until === "number" ? new Date(until).toISOString() : null,
    });
  }
}
