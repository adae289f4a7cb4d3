import { AUDIT_PAGE_LIMITS, type AuditEntry, type AuditEvent, readAuditCursor, toAuditCursor } from "../domain/audit.ts";
import { type DomainError, type InputIssue, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { AccountStore, ApiKeyStore, AuditLog, WorkspaceStore } from "./ports.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface ListAuditCommand {
  readonly accountId: string;
  readonly workspaceId: string;
  /** The `cursor` query parameter as sent (absent: the first page). */
  readonly cursor?: string;
  /** The `limit` query parameter as sent (absent: AUDIT_PAGE_LIMITS.default). */
  readonly limit?: string;
}

export interface ListAuditOutput {
  readonly events: readonly AuditEntry[];
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/**
 * One page of a workspace's audit log, newest first, for its members; reads only that page from storage, plus one
 * lookup per distinct account and key on it (the actor's email, the member's email, the key's name).
 */
export class ListAudit {
  constructor(private readonly deps: { workspaces: WorkspaceStore; audit: AuditLog; accounts: AccountStore; keys: ApiKeyStore }) {}

  async execute(cmd: ListAuditCommand): Promise<Result<ListAuditOutput, DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    const issues: InputIssue[] = [];
    const limit = readLimit(cmd.limit);
    if (limit === undefined) issues.push({ path: "/limit", message: `must be a whole number from 1 to ${AUDIT_PAGE_LIMITS.max}` });
    const before = cmd.cursor === undefined ? undefined : readAuditCursor(cmd.cursor);
    if (cmd.cursor !== undefined && before === undefined) issues.push({ path: "/cursor", message: "must be a nextCursor this API returned" });
    if (issues.length > 0 || limit === undefined) return err(invalidInput(issues));
    const page = await this.deps.audit.page(cmd.workspaceId, { limit, before });
    return ok({ events: await describeAuditEvents(this.deps, page.events), nextCursor: page.next === undefined ? null : toAuditCursor(page.next) });
  }
}

/**
 * Events as the audit answer (and each outgoing event's `data`) shows them: the actor's email, the member's email and
 * the key's name, one lookup per distinct account and key.
 */
export async function describeAuditEvents(deps: { accounts: AccountStore; keys: ApiKeyStore }, events: readonly AuditEvent[]): Promise<AuditEntry[]> {
  const accountIds = new Set(events.flatMap((event) => [...("accountId" in event.actor ? [event.actor.accountId] : []), ...(event.memberAccountId ? [event.memberAccountId] : [])]));
  const keyIds = new Set(events.flatMap((event) => (event.keyId ? [event.keyId] : [])));
  const [emails, names] = await Promise.all([
    lookUp(accountIds, async (id) => (await deps.accounts.findById(id))?.email),
    lookUp(keyIds, async (id) => (await deps.keys.findById(id))?.name),
  ]);
  return events.map((event) => ({
    ...event,
    actorEmail: ("accountId" in event.actor && emails.get(event.actor.accountId)) || null,
    ...(event.keyId && names.has(event.keyId) ? { keyName: names.get(event.keyId) } : {}),
    ...(event.memberAccountId && emails.has(event.memberAccountId) ? { memberEmail: emails.get(event.memberAccountId) } : {}),
  }));
}

/** Each id's value, looked up together; ids with none are left out. */
async function lookUp(ids: ReadonlySet<string>, find: (id: string) => Promise<string | undefined>): Promise<Map<string, string>> {
  const found = await Promise.all([...ids].map(async (id) => [id, await find(id)] as const));
  return new Map(found.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
}

function readLimit(text: string | undefined): number | undefined {
  if (text === undefined) return AUDIT_PAGE_LIMITS.default;
  if (!/^[1-9]\d{0,2}$/.test(text)) return undefined;
  const limit = Number(text);
  return limit <= AUDIT_PAGE_LIMITS.max ? limit : undefined;
}
