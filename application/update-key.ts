import type { ApiKey } from "../domain/api-key.ts";
import { type ApiKeySummary, toKeySummary } from "../domain/api-key-summary.ts";
import type { AuditActor } from "../domain/audit.ts";
import { type DomainError, type InputIssue, invalidInput, keyNotFound } from "../domain/errors.ts";
import { toPolicy } from "../domain/rate-limit.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { checkKeyName } from "./create-key.ts";
import type { ApiKeyStore } from "./ports.ts";
import { journaled, markedChange } from "./change-journal.ts";
import type { AuditDeps } from "./record-audit.ts";

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
    const found = await this.deps.keys.findById(cmd.id);
    if (!found || (cmd.workspaceId !== undefined && found.workspaceId !== cmd.workspaceId)) return err(keyNotFound(cmd.id));
    // The event is planned from the key as read; the change applies to the key as stored at the moment of writing
    // (a revocation or rotation that raced it is kept), and only when it changes the same fields the same way.
    const planned = applyChanges(found, cmd);
    if (!planned.ok) return planned;
    const { changes, updated } = planned.value;
    if (changes.length === 0) return ok(toKeySummary(found, this.deps.clock.now()));
    const subject = {
      type: "key.updated", actor: cmd.actor ?? { cli: true }, workspaceId: found.workspaceId, keyId: found.id, changes,
      newValues: Object.fromEntries(changes.map((name) => [name, newValueOf(updated, name)])),
    } as const;
    const marked = markedChange(this.deps, "key", found.id);
    const change = await journaled(this.deps, { subjects: [subject], check: marked.check }, async () => {
      const update = await this.deps.keys.update(cmd.id, marked.mark<ApiKey>((key) => {
        const outcome = applyChanges(key, cmd);
        return outcome.ok && sameChanges(outcome.value.changes, changes) ? outcome.value.updated : undefined;
      }));
      return { landed: !!update && update.after !== update.before, value: update };
    });
    return change ? ok(toKeySummary(change.after, this.deps.clock.now())) : err(keyNotFound(cmd.id));
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

const sameChanges = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((name, index) => name === b[index]);
