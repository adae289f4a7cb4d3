import type { DomainError } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { systemToolContext } from "../system.ts";
import { workerData } from "piscina";
import { loadPacks } from "../packs/load-packs.ts";
import { serverTools } from "./index.ts";

/** What the pool posts to a worker: the tool is looked up by id, since functions cannot cross threads. */
export interface ToolTask {
  readonly toolId: string;
  readonly input: Record<string, unknown>;
}

const packSource = (workerData ?? {}) as { packSpecifiers?: string[]; root?: string };
// The parent already checked these packs at start; the worker loads the same modules to run their tools.
const packs = await loadPacks(packSource.packSpecifiers ?? [], packSource.root);
const toolsById = new Map<string, ToolDefinition>([...serverTools, ...packs.flatMap((pack) => pack.tools)].map((tool) => [tool.id, tool]));
const context = systemToolContext();

/** piscina's entry point: runs one validated input and returns the tool's Result, which is structured-cloned back. */
export default async function runToolTask({ toolId, input }: ToolTask): Promise<Result<unknown, DomainError>> {
  const tool = toolsById.get(toolId);
  if (!tool) throw new Error(`The worker has no server tool '${toolId}'.`);
  return tool.run(input, context);
}
