// Test-only tool module for process-pool-warm-up.test.ts, loaded in the child as a tool pack is: default export
// `{ tools }`. Its tools load a "library" on their first run, as math-evaluator loads mathjs on its first call.
import { ok } from "../../../domain/result.ts";
import { defineTool, type ToolDefinition } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

/** How long the library takes to load: longer than the test's cap, shorter than two. */
export const LOAD_MS = 4_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const library = lazy(() => sleep(LOAD_MS));
let runs = 0;

function fixture(id: string, example: Record<string, unknown>, run: (input: { hang?: boolean }) => Promise<unknown>): ToolDefinition {
  return defineTool<{ hang?: boolean }, unknown>({
    id, name: id, category: "dev", description: `first-use fixture: ${id}`, worker: true,
    input: { type: "object" }, output: {}, examples: [{ title: id, input: example as never }],
    run: async (input) => ok(await run(input)),
  });
}

/** Loads the library on its first run; answers this process's pid and how many times it has run here. */
export const firstUse = fixture("first-use", {}, async () => {
  await library();
  runs += 1;
  return { pid: process.pid, runs };
});

/** Its example never ends (a library whose load hangs); a task with `hang: false` returns at once. */
export const hangingExample = fixture("hanging-example", { hang: true }, ({ hang }) => (hang ? new Promise(() => {}) : Promise.resolve({ pid: process.pid })));

export default { tools: [firstUse, hangingExample] };
