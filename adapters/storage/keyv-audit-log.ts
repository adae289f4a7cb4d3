import type Keyv from "keyv";
import type { AuditLog } from "../../application/ports.ts";
import { type AuditEvent, newestFirst } from "../../domain/audit.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";

/** The Keyv namespace holding one workspace's events ("none": keys of no workspace). */
export const auditNamespace = (workspaceId: string | null): string => `audit:${workspaceId ?? "none"}`;

/**
 * One record per event in a namespace per workspace: appending never reads first, so concurrent writers
 * (several instances, the CLI) never lose each other's events. Works on every Keyv backend with an iterator.
 */
export class KeyvAuditLog implements AuditLog {
  private readonly opened = new Map<string, Keyv<AuditEvent>>();

  constructor(private readonly open: (name: string) => Keyv<AuditEvent>) {}

  /** Opened once per namespace: some backends hand out a fresh store per call. */
  private namespace(name: string): Keyv<AuditEvent> {
    let found = this.opened.get(name);
    if (!found) {
      found = this.open(name);
      this.opened.set(name, found);
    }
    return found;
  }

  record(event: AuditEvent): Promise<void> {
    return guardStorage("audit.record", async () => {
      await this.namespace(auditNamespace(event.workspaceId)).set(event.id, event);
    });
  }

  list(workspaceId: string | null, limit = 500): Promise<readonly AuditEvent[]> {
    return guardStorage("audit.list", async () => {
      const store = this.namespace(auditNamespace(workspaceId));
      if (!store.iterator) throw new Error("this Keyv store cannot list its entries");
      const events: AuditEvent[] = [];
      for await (const [, value] of store.iterator(undefined)) events.push(value as AuditEvent);
      return events.sort(newestFirst).slice(0, limit);
    });
  }
}
