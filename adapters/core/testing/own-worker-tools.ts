// Tools of one's own marked worker: true, for own-worker-tools.test.ts: each answers the pid it ran in.
import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

const pidTool = (id: string, module: string | undefined) => defineTool({
  id, name: "Pid", category: "test", description: "Answers the pid of the process it ran in.", worker: true, module,
  input: { type: "object", additionalProperties: false }, output: { type: "object" },
  examples: [{ title: "the pid", input: {} }],
  run: () => ok({ pid: process.pid }),
});

/** Exported here and naming this module: a child process can import it. */
export const whereItRan = pidTool("where-it-ran", import.meta.url);
/** Names no module. */
export const nowhere = pidTool("nowhere", undefined);
/** Names a module that does not export it (the catalog's). */
export const elsewhere = pidTool("elsewhere", new URL("../../tools/index.ts", import.meta.url).href);
