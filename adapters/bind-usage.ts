// Usage recording and queries, and the execution observers: bound into the composition root (container.ts).
import { observeAll } from "../application/execution-observers.ts";
import type { ListKeys } from "../application/list-keys.ts";
import type { Clock, ToolCatalog, UsageStore, WorkspaceStore } from "../application/ports.ts";
import { QueryKeyUsage, QueryWorkspaceUsage } from "../application/query-usage.ts";
import { RecordUsage } from "../application/record-usage.ts";
import { type Container, type Infrastructure, TOKENS } from "./tokens.ts";
import { MemoryUsageStore } from "./storage/memory/memory-usage-store.ts";

/**
 * The usage store (this process's memory when the storage brings none), the recorder, the queries, and the one
 * observer transports call: the recorder (unless `recordUsage` is false) and every observer of `infra.observers`.
 */
export function bindUsage(container: Container, infra: Infrastructure): void {
  container.bind(TOKENS.usageStore).toConstantValue(infra.usage ?? new MemoryUsageStore(infra.clock));
  container.bind(TOKENS.recordUsage).toResolvedValue(
    (usage: UsageStore, clock: Clock, tools: ToolCatalog) => new RecordUsage({ usage, clock, tools }),
    [TOKENS.usageStore, TOKENS.clock, TOKENS.toolCatalog],
  );
  container.bind(TOKENS.executionObserver).toResolvedValue(
    (recorder: RecordUsage) => observeAll([...(infra.recordUsage === false ? [] : [recorder]), ...(infra.observers ?? [])], infra.onBug),
    [TOKENS.recordUsage],
  );
  container.bind(TOKENS.queryKeyUsage).toResolvedValue(
    (usage: UsageStore, clock: Clock) => new QueryKeyUsage({ usage, clock }), [TOKENS.usageStore, TOKENS.clock]);
  container.bind(TOKENS.queryWorkspaceUsage).toResolvedValue(
    (usage: UsageStore, clock: Clock, workspaces: WorkspaceStore, listKeys: ListKeys) => new QueryWorkspaceUsage({ usage, clock, workspaces, listKeys }),
    [TOKENS.usageStore, TOKENS.clock, TOKENS.workspaceStore, TOKENS.listKeys],
  );
}
