// A task handed to a child that is still warming up: its time cap starts once the warm-up ends (or the child exits, or
// one more cap has passed), so a slow warm-up is not charged to the task, and a warm-up that never ends cannot hang it.
// Without a warm-up, a tool's first task in a process waits, in the same way, for the tool's preparation.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { toolTimeout } from "../../domain/errors.ts";
import { waitUntil } from "../testing/process.ts";
import { type ProcessPoolOptions, ProcessPoolToolRunner } from "./process-pool.ts";
import { firstUse, hangingExample, LOAD_MS } from "./testing/first-use.fixture.ts";
import { alive, FIXTURES, fx, outcomeOf, pidOf } from "./testing/pool-fixtures.ts";
import { type GatedTaskInput, task } from "./testing/warm-up-gate.fixture.ts";

const GATE_MODULE = { url: new URL("./testing/warm-up-gate.fixture.ts", import.meta.url).href };
const FIRST_USE_MODULE = { url: new URL("./testing/first-use.fixture.ts", import.meta.url).href };
/** A pack whose one tool, `spin`, loops for ever, its example too. */
const LOOPING_PACK = { url: new URL("../packs/testing/looping-pack/index.js", import.meta.url).href, idPrefix: "looping." };
/** The process-pool fixture's `whoami` alone (its module's other examples spin, exit, run out of memory). */
const WHOAMI = { ...FIXTURES[0], ids: ["whoami"] };
/** Hang detectors on a busy 2-core machine, not assertions on speed. */
const NEVER_MS = 60_000;

const runners: ProcessPoolToolRunner[] = [];
afterAll(() => Promise.all(runners.map((runner) => runner.close())));

/** One child, loaded and idle, whose warm-up waits for the first task (see the fixture). */
async function warmingPool(capMs: number): Promise<ProcessPoolToolRunner> {
  const runner = new ProcessPoolToolRunner({
    modules: [GATE_MODULE], warm: true, concurrency: 1, spares: 0, timeoutMsFor: () => capMs, maxWaitMs: NEVER_MS, onError: () => {},
  });
  runners.push(runner);
  // Not whenReady(): that waits for the warm-up, which waits for a task.
  await waitUntil(async () => runner.stats().idle === 1, NEVER_MS);
  return runner;
}

/** Calls the task on the idle child, which takes it within the call: the cap's clock cannot start before `calledAt`. */
async function callTask(runner: ProcessPoolToolRunner, input: GatedTaskInput) {
  let warmUpOver = false;
  void runner.whenReady().then(() => (warmUpOver = true));
  await new Promise(setImmediate);
  // The test is about a child still warming up (warm: false, for one, would end the warm-up before any task).
  expect(warmUpOver).toBe(false);
  const calledAt = performance.now();
  const answer = runner.run(task, { ...input });
  expect(runner.stats()).toMatchObject({ started: 1, running: 1, queued: 0 });
  return { answer, calledAt };
}

describe("process pool: a task handed to a child still warming up", () => {
  it("is answered ok when its own run is well under its cap, however much of the cap the warm-up took", async () => {
    const capMs = 3_000;
    const runner = await warmingPool(capMs);
    // The answer comes at least 2.8 + 0.3 s after the child took the task: a cap started then would expire first.
    const { answer } = await callTask(runner, { warmUpMs: 2_800, runMs: 300 });
    expect(await answer).toEqual({ ok: true, value: { pid: runner.pids()[0] } });
    expect(runner.stats()).toMatchObject({ started: 1, timedOut: 0, died: 0 });
  });

  it("answers tool_timeout after one cap of waiting plus its cap when the warm-up never ends", async () => {
    const capMs = 1_000;
    const runner = await warmingPool(capMs);
    const { answer, calledAt } = await callTask(runner, { warmUpMs: "never", runMs: 0 });
    expect(await answer).toEqual({ ok: false, error: toolTimeout(capMs) });
    const elapsedMs = performance.now() - calledAt;
    // The cap did not start at the handover, yet the task was not left waiting on the warm-up.
    expect(elapsedMs).toBeGreaterThanOrEqual(2 * capMs);
    expect(elapsedMs).toBeLessThan(2 * capMs + NEVER_MS);
    expect(runner.stats()).toMatchObject({ started: 1, timedOut: 1 });
  });
});

describe("process pool: warm: false (TOOL_WARM_UP=false)", () => {
  it("is ready once its child has loaded the modules, with no warm-up run (the gate's warm-up would wait for a task)", async () => {
    const runner = new ProcessPoolToolRunner({
      modules: [GATE_MODULE], warm: false, concurrency: 1, spares: 0, timeoutMsFor: () => NEVER_MS, maxWaitMs: NEVER_MS, onError: () => {},
    });
    runners.push(runner);
    await runner.whenReady();
    expect(runner.stats()).toMatchObject({ ready: 1, idle: 1, started: 0 });
    expect(await runner.run(task, { warmUpMs: 0, runMs: 0 })).toEqual({ ok: true, value: { pid: runner.pids()[0] } });
  });

  /** One child, loaded, not warmed, with the first-use fixture's tools. */
  async function coldPool(capMs: number): Promise<ProcessPoolToolRunner> {
    const runner = new ProcessPoolToolRunner({
      modules: [FIRST_USE_MODULE], warm: false, concurrency: 1, spares: 0, timeoutMsFor: () => capMs, maxWaitMs: NEVER_MS, onError: () => {},
    });
    runners.push(runner);
    await runner.whenReady();
    return runner;
  }

  it("prepares a tool on its first task in a process (its first example) before the task's cap starts, once", async () => {
    const capMs = 3_000; // under LOAD_MS: a cap started at the handover would expire during the library's load
    const runner = await coldPool(capMs);
    const calledAt = performance.now();
    const pid = runner.pids()[0];
    expect(await runner.run(firstUse, {})).toEqual({ ok: true, value: { pid, runs: 2 } }); // the example, then the task
    expect(performance.now() - calledAt).toBeGreaterThanOrEqual(LOAD_MS - 50);
    expect(await runner.run(firstUse, {})).toEqual({ ok: true, value: { pid, runs: 3 } });
    expect(runner.stats()).toMatchObject({ started: 2, timedOut: 0 });
  });

  it("answers tool_timeout after one cap of waiting plus its cap when a tool's preparation never ends", async () => {
    const capMs = 1_000;
    const runner = await coldPool(capMs);
    const calledAt = performance.now();
    expect(await runner.run(hangingExample, { hang: false })).toEqual({ ok: false, error: toolTimeout(capMs) });
    expect(performance.now() - calledAt).toBeGreaterThanOrEqual(2 * capMs);
    expect(runner.stats()).toMatchObject({ started: 1, timedOut: 1 });
  });
});

describe("process pool: a warm-up stuck on one tool's example", () => {
  const WARM_UP_CAP_MS = 1_500;

  it.each([
    ["loops for ever (a core spinning)", LOOPING_PACK, "looping.spin"],
    ["never settles (a task would wait one cap for a warm-up that never comes)", { url: FIRST_USE_MODULE.url, ids: [hangingExample.id] }, hangingExample.id],
  ])("whose example %s: the child is killed at the warm-up's cap and replaced, the tool named, and later children leave it out", async (_, module, toolId) => {
    const errors: string[] = [];
    const runner = new ProcessPoolToolRunner({
      modules: [module], warm: true, warmUpCapMs: WARM_UP_CAP_MS, concurrency: 1, spares: 0, timeoutMsFor: () => 1_000, maxWaitMs: NEVER_MS,
      onError: (error) => errors.push(error.message),
    });
    runners.push(runner);
    await waitUntil(async () => runner.pids().length === 1, NEVER_MS);
    const [stuck] = runner.pids();
    await waitUntil(async () => !alive(stuck), NEVER_MS);
    await runner.whenReady();
    const [replacement] = runner.pids();
    expect(replacement).not.toBe(stuck);
    // Had the replacement warmed the tool again, it would be killed in its turn: still alive, and one error only.
    await sleep(3 * WARM_UP_CAP_MS);
    expect(runner.pids()).toEqual([replacement]);
    expect(alive(replacement)).toBe(true);
    expect(errors).toEqual([`the warm-up of tool '${toolId}' (its first example) ran past ${WARM_UP_CAP_MS} ms: its process is replaced, and later processes leave it out of their warm-up`]);
    // Warm and free: the next task starts on it at once, its cap with it.
    expect(runner.stats()).toMatchObject({ children: 1, idle: 1, started: 0 });
  });

  /** A pool of one child and its errors. */
  function recordingPool(options: ProcessPoolOptions): { runner: ProcessPoolToolRunner; errors: string[] } {
    const errors: string[] = [];
    const runner = new ProcessPoolToolRunner({ warm: true, concurrency: 1, spares: 0, maxWaitMs: NEVER_MS, ...options, onError: (error) => errors.push(error.message) });
    runners.push(runner);
    return { runner, errors };
  }

  /**
   * A whoami call handed to a child whose warm-up loops in spin's example (ready, so it takes the call, and from then
   * on looping, before whoami's example): answered ok, by another child. Its pool's errors and stats.
   */
  async function callHeldByLoop(options: ProcessPoolOptions) {
    const { runner, errors } = recordingPool({ modules: [LOOPING_PACK, WHOAMI], ...options });
    await waitUntil(async () => runner.stats().idle === 1, NEVER_MS);
    const [stuck] = runner.pids();
    const result = await runner.run(fx("whoami"), {});
    expect(outcomeOf(result)).toBe("ok");
    expect(pidOf(result)).not.toBe(stuck);
    await waitUntil(async () => !alive(stuck), NEVER_MS);
    return { errors, stats: runner.stats() };
  }

  it("that loops while a task waits on the child: the task is not answered tool_timeout but goes to a replacement that leaves the tool out", async () => {
    const capMs = 1_000;
    // The warm-up's own cap (60 s by default) comes later than the task's two: under steady traffic, every child would
    // be killed by a task's cap first, so the warm-up's cap alone would never learn which tool to leave out.
    const { errors, stats } = await callHeldByLoop({ timeoutMsFor: () => capMs });
    expect(errors).toHaveLength(1);
    const heldMs = Number(/^the warm-up of tool 'looping\.spin' \(its first example\) ran past (\d+) ms: its process is replaced, and later processes leave it out of their warm-up$/.exec(errors[0])?.[1]);
    // One cap waiting for the warm-up, one cap for a run that never began.
    expect(heldMs).toBeGreaterThanOrEqual(2 * capMs);
    expect(stats).toMatchObject({ started: 2, timedOut: 0, died: 0, running: 0, queued: 0 });
  });

  it("held by a task when the warm-up's cap ends the child: the task, which never began, goes to the replacement", async () => {
    // The task's caps (one of waiting, one of running) are far longer than the warm-up's: the warm-up's cap comes first.
    const { errors, stats } = await callHeldByLoop({ warmUpCapMs: WARM_UP_CAP_MS, timeoutMsFor: () => NEVER_MS });
    expect(errors).toEqual([`the warm-up of tool 'looping.spin' (its first example) ran past ${WARM_UP_CAP_MS} ms: its process is replaced, and later processes leave it out of their warm-up`]);
    expect(stats).toMatchObject({ started: 2, timedOut: 0, died: 0 });
  });

  it("that ends its process: the tool is named once, and the replacement leaves it out rather than die the same way", async () => {
    const { runner, errors } = recordingPool({ modules: [{ ...FIXTURES[0], ids: ["exit", "whoami"] }] });
    await waitUntil(async () => errors.length > 0, NEVER_MS);
    await runner.whenReady();
    const [replacement] = runner.pids();
    // Time for the replacement to die too had it run the example (it exits at once); it stays, the one error with it.
    await sleep(2_000);
    expect(runner.pids()).toEqual([replacement]);
    expect(errors).toEqual(["the warm-up of tool 'fx.exit' (its first example) ended its process (exit code 3): it is replaced, and later processes leave the tool out of their warm-up"]);
    expect(outcomeOf(await runner.run(fx("whoami"), {}))).toBe("ok");
  });
});
