import type { ApiKey } from "../domain/api-key.ts";
import { type DomainError, type InputIssue, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { toUsageCounts, type UsageCounts, usageScope } from "../domain/usage.ts";
import { readUsageWindow, type UsageRangeQuery } from "../domain/usage-window.ts";
import type { ListKeys } from "./list-keys.ts";
import type { Clock, UsageStore, WorkspaceStore } from "./ports.ts";
import { byCalls, readUsage, type UsageReport } from "./query-usage-report.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

/** The query parameters of a usage route, as sent (absent or empty: the default). */
export interface UsageQuery extends UsageRangeQuery {
  /** Only this tool id. */
  readonly tool?: string;
}

/** GET /usage: the calling key's own usage. */
export type KeyUsageReport = UsageReport & { readonly keyId: string };

/** GET /workspaces/{id}/usage: every key of the workspace, with a row per key. */
export type WorkspaceUsageReport = UsageReport & {
  readonly workspaceId: string;
  /** Per key with calls in the range, most calls first; `name` is null for a key no longer found. */
  readonly keys: readonly (UsageCounts & { readonly keyId: string; readonly name: string | null })[];
};

const MAX_ID_LENGTH = 128;

/** The usage of the key that authenticated the request (it never sees another key's). */
export class QueryKeyUsage {
  constructor(private readonly deps: { usage: UsageStore; clock: Clock }) {}

  async execute(cmd: UsageQuery & { readonly key: ApiKey }): Promise<Result<KeyUsageReport, DomainError>> {
    const window = readUsageWindow(cmd, this.deps.clock.now());
    const issues = [...(window.ok ? [] : window.error), ...idIssues({ tool: cmd.tool })];
    if (!window.ok || issues.length > 0) return err(invalidInput(issues));
    const reading = await readUsage(this.deps.usage, usageScope(cmd.key.workspaceId, cmd.key.id), window.value, { keyId: cmd.key.id, toolId: cmd.tool });
    return ok({ keyId: cmd.key.id, ...reading.report });
  }
}

/** A workspace's usage for its members (403 / 404 as every workspace route), optionally one key's or one tool's. */
export class QueryWorkspaceUsage {
  constructor(private readonly deps: { usage: UsageStore; clock: Clock; workspaces: WorkspaceStore; listKeys: ListKeys }) {}

  async execute(cmd: UsageQuery & { readonly accountId: string; readonly workspaceId: string; readonly keyId?: string }): Promise<Result<WorkspaceUsageReport, DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    const window = readUsageWindow(cmd, this.deps.clock.now());
    const issues = [...(window.ok ? [] : window.error), ...idIssues({ tool: cmd.tool, keyId: cmd.keyId })];
    if (!window.ok || issues.length > 0) return err(invalidInput(issues));
    const [reading, keys] = await Promise.all([
      readUsage(this.deps.usage, usageScope(cmd.workspaceId, ""), window.value, { keyId: cmd.keyId, toolId: cmd.tool }),
      this.deps.listKeys.execute({ workspaceId: cmd.workspaceId }),
    ]);
    const names = new Map(keys.map((key) => [key.id, key.name]));
    const rows = [...reading.keys].map(([keyId, tally]) => ({ keyId, name: names.get(keyId) ?? null, ...toUsageCounts(tally) }));
    return ok({ workspaceId: cmd.workspaceId, ...reading.report, keys: byCalls(rows, "keyId") });
  }
}

function idIssues(ids: Record<string, string | undefined>): InputIssue[] {
  return Object.entries(ids)
    .filter(([, value]) => value !== undefined && value.length > MAX_ID_LENGTH)
    .map(([name]) => ({ path: `/${name}`, message: `must be at most ${MAX_ID_LENGTH} characters` }));
}
