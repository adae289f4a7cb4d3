import type Keyv from "keyv";
import type { AuditLog, AuditPage } from "../../application/ports.ts";
import { AUDIT_PAGE_LIMITS, AUDIT_RETENTION, type AuditEvent, auditPosition } from "../../domain/audit.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import { type SortedIndex, sortedIndexOf } from "./sorted-index.ts";

/** The Keyv namespace whose sorted index holds every workspace's events, one set per workspace. */
export const AUDIT_NAMESPACE = "audit-log";

/** The set of one workspace's events ("none": keys of no workspace; workspace ids never read "none"). */
const setOf = (workspaceId: string | null): string => workspaceId ?? "none";

/**
 * One entry per event in a sorted set per workspace, keyed by its position (time, then id): appending never reads
 * the log, so concurrent writers (several instances, the CLI) never lose each other's events; a page reads only the
 * events it returns (plus one, to know whether more follow); the writer drops what falls past the retention.
 */
export class KeyvAuditLog implements AuditLog {
  private index: SortedIndex | undefined;
  private readonly retention: number;

  /** `open` gives the storage's Keyv namespaces (its sorted index comes with them); `retention`: events kept per workspace. */
  constructor(
    private readonly open: (name: string) => Keyv<never>,
    options: { readonly retention?: number } = {},
  ) {
    this.retention = options.retention ?? AUDIT_RETENTION;
  }

  record(event: AuditEvent): Promise<void> {
    return guardStorage("audit.record", async () => {
      await this.events().put(setOf(event.workspaceId), auditPosition(event), JSON.stringify(event), { keep: this.retention });
    });
  }

  page(workspaceId: string | null, options: { readonly limit: number; readonly before?: string }): Promise<AuditPage> {
    return guardStorage("audit.page", async () => {
      const entries = await this.events().descending(setOf(workspaceId), options.limit + 1, options.before);
      const events = entries.slice(0, options.limit).map((entry) => JSON.parse(entry.value) as AuditEvent);
      const last = events.at(-1);
      return { events, next: entries.length > options.limit && last ? auditPosition(last) : undefined };
    });
  }

  async list(workspaceId: string | null, limit: number = AUDIT_PAGE_LIMITS.default): Promise<readonly AuditEvent[]> {
    return (await this.page(workspaceId, { limit })).events;
  }

  /** Opened on first use: some backends hand out a fresh Keyv per call. */
  private events(): SortedIndex {
    this.index ??= sortedIndexOf(this.open(AUDIT_NAMESPACE));
    return this.index;
  }
}
