import type { AnyTool } from "../../domain/tool.ts";
import { exportedDefinitions } from "./exported-tools.ts";
import { catalogModule } from "./process-pool-options.ts";
import type { ToolModule } from "./tool-process-protocol.ts";

/** A pack as the pool sees it: loaded from a module (TOOL_PACKS, loadPacks) or built in code (none to load). */
interface PackSource {
  readonly id: string;
  readonly moduleUrl?: unknown;
}

/**
 * Every module the tool processes of a server or core load: the catalog's isolated tools it serves
 * (catalogModules), its packs' modules, and the modules of its own `worker: true` tools (ownToolModules). Declared
 * once for createToolCore's runner "workers" and the reference server's pool, so both hold the same tools.
 */
export async function poolModules(tools: readonly AnyTool[] | undefined, packs: readonly PackSource[]): Promise<ToolModule[]> {
  const packModules = packs.flatMap((pack) => (typeof pack.moduleUrl === "string" ? [{ url: pack.moduleUrl, idPrefix: `${pack.id}.` }] : []));
  return [...(await catalogModules(tools)), ...packModules, ...(await ownToolModules(tools ?? []))];
}

/**
 * What tool processes load of the catalog for a server or core serving `tools` (undefined: the whole catalog): its
 * isolated tools among them only, none at all if there are none. A child loads and warms only those, so a server of
 * hash-text and one pack does not boot every process with every catalog library (a compiled child serving
 * json-formatter alone, once warm: 0.3 s of CPU and 74 MB, against 2.3 s and 206 MB for the whole catalog).
 */
export async function catalogModules(tools: readonly AnyTool[] | undefined): Promise<ToolModule[]> {
  if (tools === undefined) return [catalogModule()];
  const catalog = new Set<AnyTool>((await import("./index.ts")).serverTools);
  const ids = tools.filter((tool) => !tool.clientOnly && tool.worker === true && catalog.has(tool)).map((tool) => tool.id);
  return ids.length === 0 ? [] : [{ ...catalogModule(), ids }];
}

/**
 * Where the tool processes find the `worker: true` tools of one's own (not the catalog's objects): each definition's
 * `module`, checked here to export it, so a missing or wrong one stops the start rather than failing every call.
 */
async function ownToolModules(tools: readonly AnyTool[]): Promise<ToolModule[]> {
  const builtIn = new Set<AnyTool>((await import("./index.ts")).tools);
  const byModule = new Map<string, string[]>();
  for (const tool of tools) {
    if (tool.clientOnly || !tool.worker || builtIn.has(tool)) continue;
    if (!tool.module) {
      throw Object.assign(new Error(`tool '${tool.id}' is worker: true, so it runs in a tool process, which imports it: set its definition's module to the URL of the module that exports it (import.meta.url there), or run tools inline (createToolCore's runner "inline")`), { code: "invalid_input" });
    }
    byModule.set(tool.module, [...(byModule.get(tool.module) ?? []), tool.id]);
  }
  const modules: ToolModule[] = [];
  for (const [url, ids] of byModule) {
    try {
      exportedDefinitions(await import(url), ids, url);
    } catch (error) {
      throw Object.assign(new Error(`runner "workers" cannot load tool ${ids.map((id) => `'${id}'`).join(", ")} from its module: ${(error as Error).message}`), { code: "invalid_input", cause: error });
    }
    modules.push({ url, ids });
  }
  return modules;
}
