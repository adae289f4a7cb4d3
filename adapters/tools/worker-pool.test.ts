import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { toolTimeout } from "../../domain/errors.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { systemToolContext } from "../system.ts";
import { bcryptHash } from "./crypto/bcrypt-hash.ts";
import { hmacGenerator } from "./crypto/hmac-generator.ts";
import { PiscinaToolRunner } from "./worker-pool.ts";

const OPENWALL = { password: "U*U", rounds: 10, salt: "$2a$05$CCCCCCCCCCCCCCCCCCCCC." };
const SLOW = { password: "slow", rounds: 14 };
const FAST = { password: "fast", rounds: 4 };
const runners: PiscinaToolRunner[] = [];
const FIXTURE = fileURLToPath(new URL("./worker-pool.fixture.mjs", import.meta.url));
const fixtureTool = (id: string): ToolDefinition => ({ ...bcryptHash, id, worker: true });

/** A runner that is closed after the suite. */
function makeRunner(options: ConstructorParameters<typeof PiscinaToolRunner>[0] = {}) {
  const runner = new PiscinaToolRunner(options);
  runners.push(runner);
  return runner;
}

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.close()));
});

describe("PiscinaToolRunner", () => {
  it("runs a worker tool in the pool with the same result as inline", async () => {
    const runner = makeRunner();
    const pooled = await runner.run(bcryptHash, { ...OPENWALL });
    expect(pooled).toEqual(await bcryptHash.run({ ...OPENWALL }, systemToolContext()));
    expect(pooled).toEqual({ ok: true, value: { hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW", rounds: 5 } });
  });

  it("runs a tool without the worker flag inline, through the given runner", async () => {
    const calls: string[] = [];
    const inline = { run: async (tool: ToolDefinition) => (calls.push(tool.id), { ok: true as const, value: "inline" }) };
    const runner = makeRunner({ inline });
    expect(await runner.run(hmacGenerator, { text: "a", key: "b", algorithm: "sha256", encoding: "hex" })).toEqual({ ok: true, value: "inline" });
    expect(calls).toEqual(["hmac-generator"]);
  });

  it("answers tool_timeout when a task outlives its cap, kills that worker and keeps serving", async () => {
    let capMs = 30_000;
    const runner = makeRunner({ timeoutMsFor: () => capMs, maxThreads: 1 });
    expect((await runner.run(bcryptHash, { ...FAST })).ok).toBe(true);
    capMs = 50;
    const started = performance.now();
    expect(await runner.run(bcryptHash, { ...SLOW })).toEqual({ ok: false, error: toolTimeout(50) });
    expect(performance.now() - started).toBeLessThan(1_000);
    capMs = 30_000;
    // The fixture test with a never-yielding loop proves the thread is terminated; here the pool must keep serving.
    expect((await runner.run(bcryptHash, { ...FAST })).ok).toBe(true);
  }, 60_000);

  it("answers server_busy once the running tasks and the queue are full", async () => {
    const runner = makeRunner({ maxThreads: 1, maxQueue: 1 });
    const input = { password: "queued", rounds: 8 };
    const results = await Promise.all([runner.run(bcryptHash, { ...input }), runner.run(bcryptHash, { ...input }), runner.run(bcryptHash, { ...input })]);
    expect(results.map((result) => (result.ok ? "ok" : result.error.code))).toEqual(["ok", "ok", "server_busy"]);
    expect((await runner.run(bcryptHash, { ...FAST })).ok).toBe(true);
  });

  it("keeps the main event loop responsive while bcrypt cost 14 runs", async () => {
    const runner = makeRunner();
    await runner.run(bcryptHash, { ...FAST });
    let done = false;
    let worstGapMs = 0;
    const started = performance.now();
    const task = runner.run(bcryptHash, { ...SLOW }).finally(() => {
      done = true;
    });
    for (let last = performance.now(); !done; ) {
      await new Promise((resolve) => setImmediate(resolve));
      const now = performance.now();
      worstGapMs = Math.max(worstGapMs, now - last);
      last = now;
    }
    const totalMs = performance.now() - started;
    expect((await task).ok).toBe(true);
    // A blocked loop would stall for the whole hash; a free one never stalls for more than a sliver of it.
    expect(worstGapMs / totalMs).toBeLessThan(0.1);
  }, 60_000);

  it("turns a worker that exits or runs out of memory into a thrown error, not a hang, and keeps serving", async () => {
    const runner = makeRunner({ filename: FIXTURE, maxOldGenerationSizeMb: 32, timeoutMsFor: () => 20_000, onError: () => {} });
    await expect(runner.run(fixtureTool("exit"), {})).rejects.toThrow(/exited with code/);
    await expect(runner.run(fixtureTool("oom"), {})).rejects.toThrow();
    expect(await runner.run(fixtureTool("fine"), {})).toEqual({ ok: true, value: { toolId: "fine" } });
  });

  it("terminates a worker stuck in a loop that never yields, so its only thread serves again", async () => {
    let capMs = 20_000;
    const runner = makeRunner({ filename: FIXTURE, maxThreads: 1, timeoutMsFor: () => capMs });
    expect((await runner.run(fixtureTool("warm-up"), {})).ok).toBe(true);
    capMs = 200;
    expect(await runner.run(fixtureTool("spin"), {})).toEqual({ ok: false, error: toolTimeout(200) });
    capMs = 20_000;
    expect(await runner.run(fixtureTool("fine"), {})).toEqual({ ok: true, value: { toolId: "fine" } });
  });
});
