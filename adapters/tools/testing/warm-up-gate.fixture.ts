// Test-only tool module for process-pool-warm-up.test.ts, loaded in the child as a tool pack is: default export
// `{ tools }`. Its warm-up lasts until a task has reached the child and said how much longer the warm-up takes, so a
// test knows its task was handed to a child still warming up, and that the task's answer comes no sooner than that.
import { ok } from "../../../domain/result.ts";
import { defineTool, type ToolDefinition } from "../../../domain/tool.ts";

/** What the `task` tool takes: how long the warm-up still lasts once the task arrived ("never": it never ends), then its own run. */
export interface GatedTaskInput {
  readonly warmUpMs: number | "never";
  readonly runMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let openGate: (warmUpMs: number | "never") => void = () => {};
const gate = new Promise<number | "never">((resolve) => (openGate = resolve));
const warmUpOver = gate.then((ms) => (ms === "never" ? new Promise<void>(() => {}) : sleep(ms)));

function fixture(id: string, example: Record<string, unknown>, run: (input: GatedTaskInput) => Promise<unknown>): ToolDefinition {
  return defineTool<GatedTaskInput, unknown>({
    id, name: id, category: "dev", description: `warm-up gate fixture: ${id}`, worker: true,
    input: { type: "object" }, output: {}, examples: [{ title: id, input: example as never }],
    run: async (input) => ok(await run(input)),
  });
}

/** The child's warm-up runs each tool's first example in this order: "warm-up" first, so it holds the warm-up open. */
export const warmUp = fixture("warm-up", {}, () => warmUpOver);

/**
 * Waits for the warm-up before its own run, as a real task waits for a library the warm-up is still importing.
 * Its example (run by the warm-up, after "warm-up") finds the gate already open and returns at once.
 */
export const task = fixture("task", { warmUpMs: 0, runMs: 0 }, async ({ warmUpMs, runMs }) => {
  openGate(warmUpMs);
  await warmUpOver;
  await sleep(runMs);
  return { pid: process.pid };
});

export default { tools: [warmUp, task] };
