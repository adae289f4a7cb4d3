import { type ApiKey, type ApiKeySummary, toKeySummary } from "../domain/api-key.ts";
import type { AuditActor } from "../domain/audit.ts";
import { type DomainError, type InputIssue, invalidInput, keyNotFound } from "../domain/errors.ts";
import { toPolicy } from "../domain/rate-limit.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { checkKeyName } from "./create-key.ts";
import type { ApiKeyStore } from "./ports.ts";
import { type AuditDeps, recordAudit } from "./record-audit.ts";

export interface UpdateKeyCommand {
  readonly id: string;
  readonly name?: string;
  readonly limit?: number;
  readonly windowSeconds?: number;
  readonly workspaceId?: string;
  readonly actor?: AuditActor;
}

/** Changes name, limit and window without a new secret; the rate limiter reads the policy per request. */
export class UpdateKey {
  constructor(private readonly deps: AuditDeps & { keys: ApiKeyStore }) {}

  async execute(cmd: UpdateKeyCommand): Promise<Result<ApiKeySummary, DomainError>> {
    let outcome: ReturnType<typeof applyChanges> | undefined;
    // Applied to the key as stored at the moment of writing, so a revocation or rotation that raced it is kept.
    const change = await this.deps.keys.update(cmd.id, (key) => {
      if (cmd.workspaceId !== undefined && key.workspaceId !== cmd.workspaceId) return undefined;
      outcome = applyChanges(key, cmd);
      return outcome.ok && outcome.value.changes.length > 0 ? outcome.value.updated : undefined;
    });
    if (!change || !outcome) return err(keyNotFound(cmd.id));
    if (!outcome.ok) return outcome;
    const { changes } = outcome.value;
    const { after } = change;
    if (changes.length > 0) {
      await recordAudit(this.deps, {
        type: "key.updated", actor: cmd.actor ?? { cli: true }, workspaceId: after.workspaceId, keyId: after.id, changes,
        newValues: Object.fromEntries(changes.map((name) => [name, newValueOf(after, name)])),
      });
    }
    return ok(toKeySummary(after, this.deps.clock.now()));
  }
}

function applyChanges(key: ApiKey, cmd: UpdateKeyCommand): Result<{ updated: ApiKey; changes: string[] }, DomainError> {
  const issues: InputIssue[] = [];
  const changes: string[] = [];
  let name = key.name;
  if (cmd.name !== undefined) {
    const checked = checkKeyName(cmd.name);
    if (checked.ok) name = checked.value;
    else issues.push(checked.error);
    if (name !== key.name) changes.push("name");
  }
  const policy = toPolicy(cmd.limit ?? key.policy.limit, cmd.windowSeconds ?? key.policy.windowMs / 1000);
  if (!policy) issues.push({ path: cmd.limit !== undefined ? "/limit" : "/windowSeconds", message: "limit must be 1 to 10^9 and the window 1 to 86400 seconds" });
  if (issues.length > 0 || !policy) return err(invalidInput(issues));
  if (policy.limit !== key.policy.limit) changes.push("limit");
  if (policy.windowMs !== key.policy.windowMs) changes.push("windowSeconds");
  return ok({ updated: { ...key, name, policy }, changes });
}

/** What a changed field holds now, as the audit log shows it. */
function newValueOf(key: ApiKey, field: string): string | number {
  if (field === "name") return key.name;
  return field === "limit" ? key.policy.limit : key.policy.windowMs / 1000;
}
