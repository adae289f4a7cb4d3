import type { ToolCatalog } from "../../application/ports.ts";
import type { AnyTool, ToolDefinition } from "../../domain/tool.ts";

/** The catalog as a fixed list, indexed by id; `unlisted` tools (those of installed packs) are found and run, never listed. */
export class StaticToolCatalog implements ToolCatalog {
  private readonly byId: ReadonlyMap<string, AnyTool>;

  constructor(private readonly tools: readonly AnyTool[], private readonly unlisted: readonly ToolDefinition[] = []) {
    const byId = new Map<string, AnyTool>();
    for (const tool of [...tools, ...unlisted]) {
      if (byId.has(tool.id)) throw new Error(`duplicate tool id ${tool.id}`);
      byId.set(tool.id, tool);
    }
    this.byId = byId;
  }

  find(id: string): AnyTool | undefined {
    return this.byId.get(id);
  }

  list(): readonly AnyTool[] {
    return this.tools;
  }

  /** The tools the server executes. */
  serverTools(): readonly ToolDefinition[] {
    return [...this.tools.filter((tool): tool is ToolDefinition => !tool.clientOnly), ...this.unlisted];
  }
}
