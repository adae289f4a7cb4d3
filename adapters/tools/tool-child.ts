// The entry of a tool child process (see tool-process.ts): loads the tool modules the parent names, then runs one
// task at a time. Everything a hostile input can do here (exhaust the heap, loop forever, crash) ends this process only.
import type { ToolDefinition } from "../../domain/tool.ts";
import { systemToolContext } from "../system.ts";
import { exportedDefinitions } from "./exported-tools.ts";
import type { ChildMessage, ParentMessage, ToolModule } from "./tool-process-protocol.ts";

const tools = new Map<string, ToolDefinition>();
const context = systemToolContext();
/** Without a warm-up, the tools whose first task this process has prepared for (see `prepare`). */
let prepared: Set<string> | undefined;
/** While the warm-up runs, each task says it has begun (the parent's only way to tell a loop in the warm-up from one in the task). */
let warming = false;

// The parent died or let go of this child: nothing would ever read an answer, so leave at once.
process.on("disconnect", () => process.exit(0));
process.on("message", (message: ParentMessage) => void handle(message));

async function handle(message: ParentMessage): Promise<void> {
  if (message.type === "init") {
    if (!message.warm) prepared = new Set();
    for (const module of message.modules) await load(module);
    send({ type: "ready" });
    // Tasks are taken meanwhile; one that needs a library the warm-up is loading shares that same import.
    warming = message.warm;
    if (message.warm) await warm(new Set(message.skipWarmUp));
    warming = false;
    send({ type: "warmed", rssBytes: process.memoryUsage.rss() });
    return;
  }
  if (warming) send({ type: "started" });
  const tool = tools.get(message.toolId);
  try {
    if (!tool) throw new Error(`this tool process has no tool '${message.toolId}'`);
    if (prepared && !prepared.has(message.toolId)) {
      prepared.add(message.toolId);
      await prepare(tool);
      send({ type: "prepared" });
    }
    const result = await tool.run(message.input, context);
    send({ type: "result", result, rssBytes: process.memoryUsage.rss() });
  } catch (error) {
    send({ type: "failed", message: error instanceof Error ? error.message : String(error), rssBytes: process.memoryUsage.rss() });
  }
}

/** A module's tools: those of `ids` among its exports, else a tool pack's `default.tools`, else the catalog's `serverTools`. */
async function load({ url, idPrefix = "", ids }: ToolModule): Promise<void> {
  const module = (await import(url)) as { default?: { tools?: readonly ToolDefinition[] }; serverTools?: readonly ToolDefinition[] };
  const list = ids ? exportedDefinitions(module, ids, url) : module.default?.tools ?? module.serverTools;
  if (!list) throw new Error(`${url} exports neither default.tools nor serverTools`);
  for (const tool of list) if (!tool.clientOnly) tools.set(idPrefix + tool.id, tool);
}

/**
 * Runs every isolated tool's first example once, so the libraries tools import on first use are loaded before a
 * request needs them (the first math call otherwise waits seconds for mathjs). Each is announced: the parent kills a
 * child whose example runs past the warm-up's cap, and the tools in `skip` (past it in an earlier child) are left out.
 */
async function warm(skip: ReadonlySet<string>): Promise<void> {
  for (const [id, tool] of tools) {
    if (!tool.worker || skip.has(id)) continue;
    send({ type: "preparing", toolId: id });
    await prepare(tool);
  }
}

/**
 * Runs a tool's first example, which loads what the tool loads on first use. Without a warm-up, each tool's first
 * task in this process is preceded by it and the parent starts the task's time cap after it: on a loaded machine
 * mathjs alone took longer to import than math-evaluator's 10-s cap. Failures only mean a colder start.
 */
async function prepare(tool: ToolDefinition): Promise<void> {
  try {
    await tool.run(structuredClone(tool.examples[0].input) as never, context);
  } catch {
    // A failing example is the catalog tests' business, not a reason to refuse work.
  }
}

function send(message: ChildMessage): void {
  process.send?.(message);
}
