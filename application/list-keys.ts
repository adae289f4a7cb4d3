import { type ApiKeySummary, toKeySummary } from "../domain/api-key.ts";
import type { ApiKeyStore } from "./ports.ts";

export interface ListKeysCommand {
  /** Only the keys of this workspace; every key when absent. */
  readonly workspaceId?: string;
}

/** Lists keys, oldest first, never with secrets. */
export class ListKeys {
  constructor(private readonly deps: { keys: ApiKeyStore }) {}

  async execute(cmd: ListKeysCommand = {}): Promise<readonly ApiKeySummary[]> {
    const all = await this.deps.keys.list();
    return all
      .filter((key) => cmd.workspaceId === undefined || key.workspaceId === cmd.workspaceId)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .map(toKeySummary);
  }
}
