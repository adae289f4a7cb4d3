import type { ApiKey } from "../domain/api-key.ts";
import { type DomainError, packNotEnabled } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { CORE_PACK_ID, packIdOf } from "../domain/tool-pack.ts";
import type { ToolCatalog, WorkspacePackStore } from "./ports.ts";

/**
 * Whether the key may call the tool's pack: core always; another pack only when the key's workspace has enabled it
 * (a key of no workspace: never). Unknown tools pass, so ExecuteTool answers them tool_not_found. Reads the store each
 * time: a disable applies to the very next call, on every instance.
 */
export class CheckPackAccess {
  constructor(private readonly deps: { tools: ToolCatalog; packs: WorkspacePackStore }) {}

  async execute(cmd: { key: ApiKey; toolId: string }): Promise<Result<void, DomainError>> {
    const packId = packIdOf(cmd.toolId);
    if (packId === CORE_PACK_ID || !this.deps.tools.find(cmd.toolId)) return ok(undefined);
    if (cmd.key.workspaceId === null) return err(packNotEnabled(cmd.toolId, packId));
    const enabled = await this.deps.packs.list(cmd.key.workspaceId);
    return enabled.includes(packId) ? ok(undefined) : err(packNotEnabled(cmd.toolId, packId));
  }
}
