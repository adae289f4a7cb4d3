import type { ToolRunner } from "../../application/ports.ts";
import type { DomainError } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";
import type { ToolContext, ToolDefinition } from "../../domain/tool.ts";
import { systemToolContext } from "../system.ts";

/** Runs every tool on the calling thread; what the worker pool falls back to for light tools. */
export class InlineToolRunner implements ToolRunner {
  constructor(private readonly context: ToolContext = systemToolContext()) {}

  async run(tool: ToolDefinition, input: Record<string, unknown>): Promise<Result<unknown, DomainError>> {
    return tool.run(input, this.context);
  }
}
