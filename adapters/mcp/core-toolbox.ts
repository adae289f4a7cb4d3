import { storageUnavailableAnswer, type AuthorizedCall } from "../../application/tool-call.ts";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { type Answer, errorAnswer } from "../../domain/answer.ts";
import type { ApiKey } from "../../domain/api-key.ts";
import type { ToolCore } from "../core/create-tool-core.ts";
import type { McpToolbox } from "./mcp-server.ts";
import { toolIdOf } from "./mcp-schema.ts";
import { toCallToolResult, toMcpTool } from "./mcp-tools.ts";

/** Who calls, and how each tools/call gets its admission (a rate-limit unit already taken, or none for a local caller). */
export interface CoreCaller {
  readonly key: ApiKey;
  /** The admitted call for the next tools/call. */
  admitted(): AuthorizedCall;
  /** Hears each tools/call's REST answer: the usage hook. */
  onAnswer?(toolId: string, answer: Answer): void;
  /** Hears bugs, which the caller gets as a 500 internal_error result. */
  onBug?(error: unknown): void;
}

/**
 * The toolbox of one caller on a core: tools/list as the key's scope and workspace packs allow, and tools/call through
 * the execute path of REST (core.run: pack access, scope, validation, the tool pool and its caps).
 */
export function coreToolbox(core: ToolCore, caller: CoreCaller): McpToolbox {
  return {
    list: async () => (await core.services.callableTools.execute({ key: caller.key })).map(toMcpTool),
    call: async (name, args, signal) => {
      const toolId = toolIdOf(name);
      const answer = await runCall(core, caller, toolId, args, signal);
      caller.onAnswer?.(toolId, answer);
      return toCallToolResult(answer);
    },
  };
}

async function runCall(core: ToolCore, caller: CoreCaller, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<Answer> {
  const call = caller.admitted();
  try {
    return await core.run(call, name, args, signal);
  } catch (error) {
    if (error instanceof StorageUnavailableError) return storageUnavailableAnswer();
    caller.onBug?.(error);
    return errorAnswer({ code: "internal_error", message: "An internal error occurred." }, call.headers);
  }
}

/**
 * The caller of a local stdio server: no key, no limit, no workspace (so the core catalog). It exists only in this
 * process and is never stored.
 */
export function localCaller(env: ApiKey["env"]): CoreCaller {
  const key: ApiKey = {
    id: "local", name: "local stdio", env, prefix: "", secretHash: "", status: "active", workspaceId: null,
    policy: { limit: Number.MAX_SAFE_INTEGER, windowMs: 86_400_000 }, createdAt: 0, lastUsedAt: null, revokedAt: null, scopes: null,
  };
  return { key, admitted: () => ({ key, headers: {} }) };
}
