// Test-only tool module for process-pool.test.ts, loaded in the child the way a tool pack is: default export `{ tools }`.
import { getHeapSpaceStatistics } from "node:v8";
import { ok } from "../../domain/result.ts";
import { defineTool, type ToolDefinition } from "../../domain/tool.ts";

/** Kept alive on purpose by "grow", so the child's resident memory stays up after the task. */
const hoard: number[][] = [];

function fixture(id: string, run: (input: { ms?: number; mb?: number }) => unknown): ToolDefinition {
  return defineTool<{ ms?: number; mb?: number }, unknown>({
    id, name: id, category: "dev", description: `process-pool fixture: ${id}`, worker: true,
    input: { type: "object" }, output: {}, examples: [{ title: id, input: {} }],
    run: async (input) => ok(await run(input)),
  });
}

const spin = () => {
  for (;;);
};

export default {
  tools: [
    fixture("whoami", () => ({ pid: process.pid, rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20) })),
    fixture("env", () => ({ names: Object.keys(process.env) })),
    fixture("sleep", ({ ms = 0 }) => new Promise((resolve) => setTimeout(() => resolve({ pid: process.pid }), ms))),
    fixture("spin", spin),
    fixture("exit", () => process.exit(3)),
    fixture("throw", () => {
      throw new Error("fixture bug");
    }),
    fixture("oom", () => {
      const kept: number[][] = [];
      for (;;) kept.push(new Array(1_000_000).fill(kept.length));
    }),
    fixture("grow", ({ mb = 0 }) => {
      // 2^17 doubles of 8 bytes = 1 MiB per array, filled so the pages are really resident.
      for (let i = 0; i < mb; i += 1) hoard.push(new Array(2 ** 17).fill(i + 0.5));
      return { pid: process.pid, rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20) };
    }),
    fixture("churn", () => {
      // Short-lived objects at a high rate, a few thousand alive at a time: what makes V8 grow its young generation.
      const window: unknown[] = new Array(20_000);
      for (let i = 0; i < 3_000_000; i += 1) window[i % window.length] = { i, text: `x${i}`, pair: [i, i + 1] };
      const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
      return { pid: process.pid, newSpaceMb: Math.round((newSpace?.space_size ?? 0) / 2 ** 20) };
    }),
  ],
};
