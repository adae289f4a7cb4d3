import { afterAll, describe, expect, it } from "vitest";
import { toolTimeout } from "../../domain/errors.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { systemToolContext } from "../system.ts";
import { waitUntil } from "../testing/process.ts";
import { bcryptHash } from "./crypto/bcrypt-hash.ts";
import { hmacGenerator } from "./crypto/hmac-generator.ts";
import { mathEvaluator } from "./math/math-evaluator.ts";
import { ProcessPoolToolRunner } from "./process-pool.ts";
import { CHILD_SEMI_SPACE_MB } from "./process-pool-options.ts";
import { alive, FIXTURES, fx, pidOf, poolMaker } from "./testing/pool-fixtures.ts";
import { canReadProcessCpu, treeCpuMs } from "./testing/process-cpu.ts";

const OPENWALL = { password: "U*U", rounds: 10, salt: "$2a$05$CCCCCCCCCCCCCCCCCCCCC." };
const pools = poolMaker();
const makeRunner = pools.make;

afterAll(pools.closeAll);

/**
 * All but the last test run side by side (it.concurrent): each has pools of its own and waits mostly on child processes
 * booting, sleeping or being killed; no assertion is on a duration. The pre-warm test runs after them, alone: its
 * child warms up (every isolated tool's first example) within the pool's warm-up cap only with the CPU to itself.
 */
describe("ProcessPoolToolRunner", () => {
  it.concurrent("runs a catalog tool in a child process with the same result as inline", async ({ expect }) => {
    const runner = await makeRunner({ modules: undefined, concurrency: 1, spares: 0 });
    const pooled = await runner.run(bcryptHash, { ...OPENWALL });
    expect(pooled).toEqual(await bcryptHash.run({ ...OPENWALL }, systemToolContext()));
    expect(pooled).toEqual({ ok: true, value: { hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW", rounds: 5 } });
  }, 60_000);

  it.concurrent("runs a tool without the worker flag inline, through the given runner", async ({ expect }) => {
    const calls: string[] = [];
    const inline = { run: async (tool: ToolDefinition) => (calls.push(tool.id), { ok: true as const, value: "inline" }) };
    const runner = await makeRunner({ inline, concurrency: 1, spares: 0 });
    expect(await runner.run(hmacGenerator, { text: "a", key: "b", algorithm: "sha256", encoding: "hex" })).toEqual({ ok: true, value: "inline" });
    expect(calls).toEqual(["hmac-generator"]);
  });

  it.concurrent("kills a task that never yields at its time cap, and a spare answers the next call at once", async ({ expect }) => {
    let capMs = 20_000;
    const runner = await makeRunner({ timeoutMsFor: () => capMs, concurrency: 1, spares: 1 });
    const before = runner.pids();
    capMs = 300;
    // Without the kill this would never return before the test's timeout.
    expect(await runner.run(fx("spin"), {})).toEqual({ ok: false, error: toolTimeout(300) });
    capMs = 20_000;
    const answer = await runner.run(fx("whoami"), {});
    // The spare, started before the kill, answers: the call did not wait for a replacement to boot.
    expect(before).toContain(pidOf(answer));
    await waitUntil(async () => before.some((pid) => !alive(pid)), 5_000);
    const killed = before.find((pid) => !alive(pid));
    expect(killed).not.toBe(pidOf(answer));
    await waitUntil(async () => runner.pids().length === 2 && !runner.pids().includes(killed as number), 20_000);
  }, 30_000);

  it.concurrent("answers tool_timeout, not a crash, when a task exhausts its heap, and keeps serving", async ({ expect }) => {
    const runner = await makeRunner({ maxOldSpaceMb: 64, concurrency: 1, spares: 1 });
    const errors: Error[] = [];
    const watched = await makeRunner({ maxOldSpaceMb: 64, concurrency: 1, spares: 1, onError: (error) => errors.push(error) });
    const before = watched.pids();
    const result = await watched.run(fx("oom"), {});
    expect(result.ok ? "ok" : result.error.code).toBe("tool_timeout");
    expect(errors.map((error) => error.message).join()).toMatch(/fx\.oom.*heap/);
    expect(before).toContain(pidOf(await watched.run(fx("whoami"), {})));
    expect((await runner.run(fx("exit"), {})).ok ? "ok" : "tool_timeout").toBe("tool_timeout");
    expect((await runner.run(fx("whoami"), {})).ok).toBe(true);
  }, 60_000);

  it.concurrent("rejects, as the bug it is, when a tool throws in its child, and the child keeps serving", async ({ expect }) => {
    const runner = await makeRunner({ concurrency: 1, spares: 0 });
    const first = pidOf(await runner.run(fx("whoami"), {}));
    await expect(runner.run(fx("throw"), {})).rejects.toThrow(/fx\.throw.*fixture bug/);
    expect(pidOf(await runner.run(fx("whoami"), {}))).toBe(first);
  });

  it.concurrent("keeps the server's secrets out of the tool processes' environment", async ({ expect }) => {
    process.env.POOL_TEST_SECRET = "not for tools";
    try {
      const runner = await makeRunner({ concurrency: 1, spares: 0 });
      const answer = (await runner.run(fx("env"), {})) as { ok: true; value: { names: string[] } };
      expect(answer.value.names).toContain("PATH");
      expect(answer.value.names).not.toContain("POOL_TEST_SECRET");
    } finally {
      delete process.env.POOL_TEST_SECRET;
    }
  });

  it.concurrent("answers server_busy once the running tasks and the queue are full", async ({ expect }) => {
    const runner = await makeRunner({ concurrency: 1, spares: 0, maxQueue: 1 });
    const results = await Promise.all([0, 1, 2].map(() => runner.run(fx("sleep"), { ms: 200 })));
    expect(results.map((result) => (result.ok ? "ok" : result.error.code))).toEqual(["ok", "ok", "server_busy"]);
    expect((await runner.run(fx("sleep"), { ms: 0 })).ok).toBe(true);
  });

  it.concurrent("starts a task's time cap when a child takes it, not while it waits in the queue", async ({ expect }) => {
    // The first task runs 5 s on the only child; the cap of 3 s would have expired the second one while it waited.
    const runner = await makeRunner({ concurrency: 1, spares: 0, timeoutMsFor: () => 3_000, maxWaitMs: 60_000 });
    const [first, queued] = await Promise.all([runner.run(fx("sleep"), { ms: 5_000 }), runner.run(fx("sleep"), { ms: 0 })]);
    expect(first).toEqual({ ok: false, error: toolTimeout(3_000) });
    expect(queued.ok).toBe(true);
  }, 60_000);

  it.concurrent("replaces a child whose memory grew past the recycle mark, so memory returns to the baseline", async ({ expect }) => {
    // No time cap in the way: filling 180 MB took past the default 10 s with two suites side by side on 2 cores.
    const runner = await makeRunner({ concurrency: 1, spares: 0, maxOldSpaceMb: 512, recycleGrowthMb: 100, timeoutMsFor: () => 50_000, maxWaitMs: 50_000 });
    const before = (await runner.run(fx("whoami"), {})) as { ok: true; value: { pid: number; rssMb: number } };
    const small = (await runner.run(fx("grow"), { mb: 1 })) as { ok: true; value: { pid: number } };
    expect(small.value.pid).toBe(before.value.pid);
    const grown = await runner.run(fx("grow"), { mb: 180 });
    const { pid, rssMb } = (grown as { ok: true; value: { pid: number; rssMb: number } }).value;
    expect(rssMb - before.value.rssMb).toBeGreaterThan(100);
    await waitUntil(async () => !alive(pid), 5_000);
    await waitUntil(async () => runner.pids().length === 1, 20_000);
    const fresh = await runner.run(fx("whoami"), {});
    const value = (fresh as { ok: true; value: { pid: number; rssMb: number } }).value;
    expect(value.pid).not.toBe(pid);
    expect(value.rssMb).toBeLessThan(rssMb - 100);
  }, 60_000);

  it.concurrent(`keeps a child's young generation at ${CHILD_SEMI_SPACE_MB} MiB a semi-space, however fast its task allocates (Node 24's V8 would grow it to 64)`, async ({ expect }) => {
    const runner = await makeRunner({ concurrency: 1, spares: 0, timeoutMsFor: () => 50_000, maxWaitMs: 50_000 });
    const churned = await runner.run(fx("churn"), {});
    const { newSpaceMb } = (churned as { ok: true; value: { newSpaceMb: number } }).value;
    // The new space is two semi-spaces.
    expect(newSpaceMb).toBeGreaterThan(0);
    expect(newSpaceMb).toBeLessThanOrEqual(2 * CHILD_SEMI_SPACE_MB);
  }, 60_000);

  it.concurrent("replaces an idle child that dies and says so", async ({ expect }) => {
    const errors: Error[] = [];
    const runner = await makeRunner({ concurrency: 1, spares: 0, onError: (error) => errors.push(error) });
    const [pid] = runner.pids();
    process.kill(pid, "SIGKILL");
    await waitUntil(async () => runner.pids().length === 1 && runner.pids()[0] !== pid, 20_000);
    expect(errors.map((error) => error.message).join()).toContain(`pid ${pid}`);
    expect((await runner.run(fx("whoami"), {})).ok).toBe(true);
  }, 30_000);

  it.concurrent("kills every child on close and answers server_busy afterwards", async ({ expect }) => {
    const runner = new ProcessPoolToolRunner({ modules: FIXTURES, warm: false });
    await runner.whenReady();
    const pids = runner.pids();
    expect(pids).toHaveLength(3);
    await runner.close();
    expect(pids.filter(alive)).toEqual([]);
    const result = await runner.run(fx("whoami"), {});
    expect(result.ok ? "ok" : result.error.code).toBe("server_busy");
  }, 30_000);

  it("pre-warms: after start, the first math call does not pay for loading mathjs", async () => {
    const runner = await makeRunner({ modules: undefined, warm: true, concurrency: 1, spares: 0 });
    const [pid] = runner.pids();
    const cpuBefore = canReadProcessCpu() ? treeCpuMs(pid) : 0;
    const result = await runner.run(mathEvaluator, { expression: "2 + 3" });
    expect(result).toMatchObject({ ok: true, value: { result: "5" } });
    if (!canReadProcessCpu()) return;
    // CPU spent, not wall time, so load elsewhere does not count: importing mathjs cold costs 2.7–3.2 s of it here.
    expect(treeCpuMs(pid) - cpuBefore).toBeLessThan(1_000);
  }, 90_000);
});
