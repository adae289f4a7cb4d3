// Issue 25, finding 6 over HTTP: a real server on 127.0.0.1 whose tool pool runs the fixture tools in real children.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyTool } from "../../domain/tool.ts";
import { loadConfig } from "../config.ts";
import { waitUntil } from "../testing/process.ts";
import { DeferredRunner } from "./deferred-runner.ts";
import { ProcessPoolToolRunner } from "./process-pool.ts";
import fixtures from "./process-pool.fixture.ts";
import { type CatalogServer, type HttpAnswer, startCatalogServer } from "./testing/catalog-server.ts";

/** The fixture tools under their own ids (no pack prefix), as a server's whole catalog. */
const FIXTURE_MODULE = { url: new URL("./process-pool.fixture.ts", import.meta.url).href };
/** Generous on a busy 2-core machine: no task below is meant to reach it. */
const NEVER_MS = 120_000;
/**
 * The run cap and each call's sleep: a call is far below the cap (CI on a loaded 2-core machine once starved a 300 ms
 * sleep past a 1 s cap), yet 18 calls two at a time start their last pair eight sleeps in, past the cap.
 */
const RUN_CAP_MS = 4_000;
const SLEEP_MS = 600;

const statuses = (answers: readonly HttpAnswer[]) => answers.map((answer) => answer.status);
const inFlight = (server: CatalogServer, n: number, input: object) => Promise.all(Array.from({ length: n }, () => server.execute("sleep", input)));

/** Every 503 is the contract's server_busy with a Retry-After of whole seconds, at least 1. */
function expectServerBusy(answer: HttpAnswer): void {
  expect(answer.body).toMatchObject({ status: "error", code: 503, error_code: "server_busy" });
  expect(answer.headers?.get("retry-after")).toMatch(/^[1-9]\d*$/);
}

describe("the tool pool over HTTP, at the issue's capacity (2 running, 16 queued, run cap 4 s)", () => {
  let server: CatalogServer;

  beforeAll(async () => {
    const runner = new DeferredRunner(() => new ProcessPoolToolRunner({
      modules: [FIXTURE_MODULE], warm: false, concurrency: 2, spares: 1, maxQueue: 16, timeoutMsFor: () => RUN_CAP_MS, maxWaitMs: NEVER_MS, onError: () => {},
    }));
    server = await startCatalogServer({ server: { tools: fixtures.tools as AnyTool[], runner } });
    await server.poolReady();
  }, NEVER_MS);
  afterAll(async () => {
    await server?.close();
  });

  it("answers 200 to each of 18 calls in flight, the last queued ones waiting longer than the run cap", async () => {
    const sent = performance.now();
    const answers = await inFlight(server, 18, { ms: SLEEP_MS });
    expect(statuses(answers)).toEqual(Array(18).fill(200));
    expect(performance.now() - sent).toBeGreaterThan(RUN_CAP_MS);
    expect(server.poolStats()).toMatchObject({ timedOut: 0, died: 0, refused: 0, children: 3 });
  }, NEVER_MS);

  it("answers past running + queued with 503 server_busy and Retry-After, and runs none of those calls", async () => {
    const before = server.poolStats() as { started: number; refused: number };
    const answers = await inFlight(server, 50, { ms: SLEEP_MS });
    const ok = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status !== 200);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) expectServerBusy(answer);
    // No 504: nobody was killed for waiting; and the pool started exactly the calls answered 200.
    expect(server.poolStats()).toMatchObject({ started: before.started + ok.length, refused: before.refused + busy.length, timedOut: 0 });
  }, NEVER_MS);
});

describe("a queued call whose client leaves (one child, a queue of one)", () => {
  let server: CatalogServer;

  beforeAll(async () => {
    const runner = new DeferredRunner(() => new ProcessPoolToolRunner({
      modules: [FIXTURE_MODULE], warm: false, concurrency: 1, spares: 0, maxQueue: 1, timeoutMsFor: () => NEVER_MS, maxWaitMs: NEVER_MS, onError: () => {},
    }));
    server = await startCatalogServer({ server: { tools: fixtures.tools as AnyTool[], runner } });
    await server.poolReady();
  }, NEVER_MS);
  afterAll(async () => {
    await server?.close();
  });

  // The execute path node:http serves itself, and h3's route (a query string sends the call there).
  it.each(["/api/v1/execute/sleep", "/api/v1/execute/sleep?via=h3"])("is dropped unstarted, and its place goes to the next call (%s)", async (path) => {
    const before = server.poolStats() as { started: number; abandoned: number };
    const long = server.execute("sleep", { ms: 3_000 });
    await waitUntil(async () => server.poolStats()?.running === 1, NEVER_MS);
    // The server's own view of the leaving call: its response closes when node sees the connection go.
    const seenLeaving = new Promise<void>((resolve) => server.running.server.once("request", (_req, res: ServerResponse) => res.once("close", resolve)));
    const client = new AbortController();
    const leaving = fetch(server.url + path, {
      method: "POST", headers: { "x-api-key": server.secret, "content-type": "application/json" }, body: JSON.stringify({ input: { ms: 0 } }), signal: client.signal,
    }).catch((error: unknown) => error);
    await waitUntil(async () => server.poolStats()?.queued === 1, NEVER_MS);
    client.abort();
    await Promise.all([leaving, seenLeaving]);
    // The queue is full and the child busy for seconds: only the dropped call's place lets this one wait instead of 503.
    const next = await server.execute("sleep", { ms: 0 });
    expect(next.status).toBe(200);
    expect((await long).status).toBe(200);
    expect(server.poolStats()).toMatchObject({ started: before.started + 2, abandoned: before.abandoned + 1, refused: 0 });
  }, NEVER_MS);
});

describe("TOOL_CONCURRENCY, TOOL_QUEUE_MAX, TOOL_QUEUE_WAIT_MS, TOOL_WARM_UP", () => {
  it("are read and checked at start", () => {
    const poolOf = (env: Record<string, string>) => {
      const loaded = loadConfig(env);
      return loaded.ok ? loaded.value.toolPool : loaded.error;
    };
    expect(poolOf({ TOOL_CONCURRENCY: "3", TOOL_QUEUE_MAX: "0", TOOL_QUEUE_WAIT_MS: "2500", TOOL_WARM_UP: "false" })).toEqual({ concurrency: 3, maxQueue: 0, maxWaitMs: 2_500, warm: false });
    expect(poolOf({})).toEqual({ concurrency: 2, maxQueue: 16, maxWaitMs: 10_000, warm: true });
    const bad = loadConfig({ TOOL_CONCURRENCY: "0", TOOL_QUEUE_MAX: "-1", TOOL_QUEUE_WAIT_MS: "soon", TOOL_WARM_UP: "no" });
    expect(bad.ok ? [] : bad.error.map((problem) => problem.split("=")[0])).toEqual(["TOOL_CONCURRENCY", "TOOL_QUEUE_MAX", "TOOL_QUEUE_WAIT_MS", "TOOL_WARM_UP"]);
  });

  it("size the pool npm start builds: one call runs, one waits, the third gets server_busy", async () => {
    const server = await startCatalogServer({ env: { TOOL_CONCURRENCY: "1", TOOL_QUEUE_MAX: "1", TOOL_QUEUE_WAIT_MS: String(NEVER_MS) } });
    try {
      // One loaded child is enough; not waiting for the spare's boot and both warm-ups spares a busy machine's CPU.
      await waitUntil(async () => (server.poolStats()?.idle ?? 0) >= 1, NEVER_MS);
      expect(server.poolStats()).toMatchObject({ capacity: 1, running: 0, queued: 0 });
      // bcrypt at cost 13 runs long enough for three calls sent together to find the first still running.
      const calls = [0, 1, 2].map(() => server.execute("bcrypt-hash", { password: "pool wiring", rounds: 13 }));
      const answers = await Promise.all(calls);
      expect(statuses(answers).sort()).toEqual([200, 200, 503]);
      expectServerBusy(answers.find((answer) => answer.status === 503) as HttpAnswer);
    } finally {
      await server.close();
    }
  }, 180_000);
});
