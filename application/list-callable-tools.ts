import { allowsTool, type ApiKey } from "../domain/api-key.ts";
import type { ToolDefinition } from "../domain/tool.ts";
import { CORE_PACK_ID, type InstalledPack } from "../domain/tool-pack.ts";
import type { WorkspacePackStore } from "./ports.ts";

export interface ListCallableToolsCommand {
  readonly key: Pick<ApiKey, "scopes" | "workspaceId">;
}

/**
 * The server tools a key may call, by the rules the execute path applies (ExecuteTool's scope check, CheckPackAccess):
 * core tools always, another pack's only when the key's workspace has enabled it, and of those only what the key's
 * scope names. Core first, then packs in install order. Reads the workspace's packs each time, as CheckPackAccess does.
 */
export class ListCallableTools {
  constructor(private readonly deps: { installed: readonly InstalledPack[]; packs: WorkspacePackStore }) {}

  async execute(cmd: ListCallableToolsCommand): Promise<ToolDefinition[]> {
    const { workspaceId } = cmd.key;
    const enabled = workspaceId === null ? [] : await this.deps.packs.list(workspaceId);
    return this.deps.installed
      .filter((pack) => pack.id === CORE_PACK_ID || enabled.includes(pack.id))
      .flatMap((pack) => pack.tools)
      .filter((tool) => allowsTool(cmd.key, tool));
  }
}
