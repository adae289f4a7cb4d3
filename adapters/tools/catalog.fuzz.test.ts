import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../domain/tool.ts";
import { serverTools } from "./index.ts";
import { type CatalogServer, type HttpAnswer, mapLimit, startCatalogServer } from "./testing/catalog-server.ts";
import { type HostileCase, hostileCases } from "./testing/hostile-inputs.ts";
import { worstCases } from "./testing/worst-cases.ts";

/** Fixed, so a failure reproduces: every tool's fast-check samples derive from it and the tool id. */
const SEED = 20_260_101;
/** Inline tools take 8 requests at a time; worker tools 2, one per pool thread, so queue wait never nears a time cap. */
const CONCURRENCY = { inline: 8, worker: 2 };

/** Far above any tool's time cap: a request still unanswered by then is reported, not left to hang the test. */
const REQUEST_TIMEOUT_MS = 30_000;

type Lane = <T>(job: () => Promise<T>) => Promise<T>;

/** Runs the jobs handed to it one at a time, in the order they came, the first once `start` has settled. */
function oneAtATime(start: Promise<unknown>): Lane {
  let last: Promise<unknown> = start.catch(() => undefined);
  return (job) => {
    const run = last.then(job);
    last = run.catch(() => undefined);
    return run;
  };
}

interface Answered {
  readonly cases: readonly HostileCase[];
  readonly answers: readonly HttpAnswer[];
}

let server: CatalogServer;
const hostileAnswers = new Map<string, Promise<Answered>>();
const worstAnswers = new Map<string, Promise<Answered>>();

/**
 * The requests go in two lanes, each one tool at a time: inline tools (on this process's event loop) and worker tools
 * (waiting on the pool's children). Neither lane then sits idle while the other works, and each tool still gets its
 * requests with the concurrency above. Every tool's requests are queued in its lane once the server is up, so the
 * lanes keep going whichever tests vitest is running (it runs only a few concurrent tests at a time, which left a lane
 * idle while they all waited on the other); a test awaits its tool's answers and judges them.
 */
beforeAll(async () => {
  server = await startCatalogServer();
  // A worker tool's cap runs from when a child takes its task: until the children have warmed (every isolated tool's
  // first example, seconds on a loaded machine) a task would share that time. The pool's boot is not under test here.
  // Inline tools do not wait on the pool: their lane starts at once.
  const lanes = { inline: oneAtATime(Promise.resolve()), worker: oneAtATime(server.poolReady()) };
  const queue = (into: Map<string, Promise<Answered>>, tool: ToolDefinition, job: () => Promise<Answered>) => {
    const answered = lanes[tool.worker ? "worker" : "inline"](job);
    // Judged by the tool's test when it runs; until then a rejection is not unhandled.
    answered.catch(() => undefined);
    into.set(tool.id, answered);
  };
  for (const tool of serverTools) {
    queue(hostileAnswers, tool, async () => {
      const cases = hostileCases(tool, seedFor(tool.id));
      return { cases, answers: await mapLimit(cases, tool.worker ? CONCURRENCY.worker : CONCURRENCY.inline, (hostile) => send(tool, hostile)) };
    });
  }
  for (const tool of serverTools) {
    queue(worstAnswers, tool, async () => {
      const cases: HostileCase[] = worstCases(tool).map((worst) => ({ label: worst.label, body: JSON.stringify({ input: worst.input }) }));
      return { cases, answers: await mapLimit(cases, tool.worker ? 1 : 2, (worst) => send(tool, worst)) };
    });
  }
});
afterAll(async () => {
  await server?.close();
});

function seedFor(id: string): number {
  let hash = SEED;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash >>> 0;
}

/** Why an answer to hostile input is wrong, or undefined when it is a proper 200 or 4xx envelope. */
function problemWith(answer: HttpAnswer): string | undefined {
  const { status, body } = answer;
  if (status === 200) return body?.status === "success" && body.code === 200 ? undefined : "200 without the success envelope";
  if (status >= 400 && status < 500) {
    if (status === 429) return "rate limited: the test key's limit was spent";
    return body?.status === "error" && body.code === status && typeof body.error_code === "string" ? undefined : `${status} without the error envelope`;
  }
  return `${status} ${body?.error_code ?? ""}`.trim();
}

async function send(tool: ToolDefinition, hostile: HostileCase): Promise<HttpAnswer> {
  const start = performance.now();
  try {
    return await server.post(`/api/v1/execute/${tool.id}`, hostile.body, REQUEST_TIMEOUT_MS);
  } catch (error) {
    // A dropped connection is a failure too: report it like a status.
    return { status: 0, body: { error_code: `no answer: ${(error as Error).message}` }, ms: performance.now() - start };
  }
}

describe("hostile input over HTTP gets 200 or 4xx, never a 5xx", () => {
  it.concurrent.for(serverTools.map((tool) => [tool.id, tool] as const))("%s", { timeout: 120_000 }, async ([id], { expect }) => {
    const { cases, answers } = await (hostileAnswers.get(id) as Promise<Answered>);
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const failures = cases.flatMap((hostile, index) => {
      const problem = problemWith(answers[index]);
      return problem ? [{ case: hostile.label, problem, body: hostile.body.slice(0, 240), ms: Math.round(answers[index].ms) }] : [];
    });
    expect(failures).toEqual([]);
    // The server runs in this process: a `__proto__` that reached Object.prototype would show here.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // Deep nesting, many duplicates, long repetitions and every field at its cap: costly, not malformed. Each answer is
  // a 200 or a 4xx naming the bound, and arrives well inside the request timeout.
  it.concurrent.for(serverTools.map((tool) => [`${tool.id} on worst-case input`, tool] as const))("%s", { timeout: 240_000 }, async ([, tool], { expect }) => {
    const { cases, answers } = await (worstAnswers.get(tool.id) as Promise<Answered>);
    const failures = cases.flatMap((worst, index) => {
      const problem = problemWith(answers[index]);
      return problem ? [{ case: worst.label, problem, ms: Math.round(answers[index].ms) }] : [];
    });
    expect(failures).toEqual([]);
  });

  it("leaves the server up and answering hash-text", async () => {
    expect(server.running.server.listening).toBe(true);
    const { status, body } = await server.execute("hash-text", { algorithm: "sha256", text: "hello world" });
    expect(status).toBe(200);
    expect(body.data.output.digest).toBe("b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9");
  });
});
