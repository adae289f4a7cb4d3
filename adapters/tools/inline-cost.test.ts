import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../domain/tool.ts";
import { serverTools } from "./index.ts";
import { worstCases } from "./testing/worst-cases.ts";
import { runTool } from "./testing/tool-harness.ts";

/** The bound: no inline request may hold the event loop longer than this. */
const MAX_DELAY_MS = 50;
/** Timer resolution of the delay histogram: fine enough to see 50 ms, coarse enough not to load the machine. */
const RESOLUTION_MS = 5;
/**
 * Other engineers share these two cores, so a single measurement can include a preemption. A tool that truly blocks
 * blocks on every attempt, so the smallest of a few maxima is the tool's own cost.
 */
const ATTEMPTS = 5;

/** Read at run time: tools that move to the worker pool leave this test by themselves. */
const inlineTools = serverTools.filter((tool) => !tool.worker);
const report: string[] = [];

afterAll(() => {
  console.log(`worst event-loop delay per inline tool (ms):\n${report.join("\n")}`);
});

/**
 * The longest event-loop delay seen while validating and running one input, in milliseconds, bounded by the CPU time
 * the process spent meanwhile: a stretch that held the loop for its own work spent that long on a core, so a delay
 * longer than the process's CPU time was another process's turn (CI runs two test files at once on two cores).
 */
async function delayOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const cpuBefore = process.cpuUsage();
  await sleep(2 * RESOLUTION_MS);
  await runTool(tool, input);
  await sleep(2 * RESOLUTION_MS);
  const cpu = process.cpuUsage(cpuBefore);
  histogram.disable();
  return Math.min(histogram.max / 1e6, (cpu.user + cpu.system) / 1e3);
}

async function settledDelay(tool: ToolDefinition, input: Record<string, unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < ATTEMPTS && best > MAX_DELAY_MS; attempt++) best = Math.min(best, await delayOf(tool, input));
  return best;
}

describe("inline tools never hold the event loop past 50 ms, even on worst-case input at their caps", () => {
  it("covers the inline part of the catalog", () => {
    expect(inlineTools.length).toBeGreaterThan(0);
  });

  it.each(inlineTools.map((tool) => [tool.id, tool] as const))("%s", async (_id, tool) => {
    const cases = worstCases(tool);
    // Warm up: first calls load lazy libraries and compile schemas, which happens once per process, not per request.
    await runTool(tool, cases[0].input);
    const delays = [];
    for (const worst of cases) delays.push({ label: worst.label, ms: Math.round(await settledDelay(tool, worst.input)) });
    const slowest = delays.reduce((a, b) => (b.ms > a.ms ? b : a));
    report.push(`${tool.id}\t${slowest.ms}\t${slowest.label}`);
    expect(delays.filter((delay) => delay.ms > MAX_DELAY_MS)).toEqual([]);
  }, 300_000);
});
