import type { ApiKey } from "../domain/api-key.ts";
import { type DomainError, packNotEnabled } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { CORE_PACK_ID, packIdOf } from "../domain/tool-pack.ts";
import type { ToolCatalog, WorkspacePackStore } from "./ports.ts";

const ALLOWED: Result<void, DomainError> = ok(undefined);

/**
 * Whether the key may call the tool's pack: core always; another pack only when the key's workspace has enabled it
 * (a key of no workspace: never). Unknown tools pass, so ExecuteTool answers them tool_not_found. Reads the store each
 * time: a disable applies to the very next call, on every instance.
 */
export class CheckPackAccess {
  constructor(private readonly deps: { tools: ToolCatalog; packs: WorkspacePackStore }) {}

  /** Answers at once, not through a promise, when no store read is needed (a core tool, an unknown one, no workspace). */
  execute(cmd: { key: ApiKey; toolId: string }): Result<void, DomainError> | Promise<Result<void, DomainError>> {
    const packId = packIdOf(cmd.toolId);
    if (packId === CORE_PACK_ID || !this.deps.tools.find(cmd.toolId)) return ALLOWED;
    if (cmd.key.workspaceId === null) return err(packNotEnabled(cmd.toolId, packId));
    return this.deps.packs.list(cmd.key.workspaceId).then((enabled) => (enabled.includes(packId) ? ALLOWED : err(packNotEnabled(cmd.toolId, packId))));
  }
}
