import { type ApiKeySummary, toKeySummary } from "../domain/api-key-summary.ts";
import { noteExpiry } from "./note-expiry.ts";
import type { ApiKeyStore } from "./ports.ts";
import type { AuditDeps } from "./record-audit.ts";

export interface ListKeysCommand {
  /** Only the keys of this workspace; every key when absent. */
  readonly workspaceId?: string;
}

/** Lists keys, oldest first, never with secrets; an expired key seen here for the first time is audited. */
export class ListKeys {
  constructor(private readonly deps: AuditDeps & { keys: ApiKeyStore }) {}

  async execute(cmd: ListKeysCommand = {}): Promise<readonly ApiKeySummary[]> {
    const { keys } = this.deps;
    const all = cmd.workspaceId !== undefined && keys.listByWorkspace ? await keys.listByWorkspace(cmd.workspaceId) : await keys.list();
    const now = this.deps.clock.now();
    const chosen = all
      .filter((key) => cmd.workspaceId === undefined || key.workspaceId === cmd.workspaceId)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    for (const key of chosen) await noteExpiry(this.deps, key);
    return chosen.map((key) => toKeySummary(key, now));
  }
}
