import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { call, type Client, cookieOf } from "../../http/session/testing.ts";
import { createLogger } from "../../logger.ts";
import { loadPacks } from "../../packs/load-packs.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { waitFor } from "../testing/instances.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "../testing/redis.ts";

const redisUrl = await findTestRedis();
const prefix = uniquePrefix("usage-instances");
const servers: RunningServer[] = [];

/**
 * The mix, the 10,000 calls over two instances: the main key: 8,000 successes, 1,500 × 422, 4 × 504 (a pack
 * tool past its 1 s cap); the small key (50 a day): 496 calls, so 50 successes and 446 × 429.
 */
const MIX = { success: 8000, invalid: 1500, timeouts: 4, small: 496, smallLimit: 50 };
const TOTAL = MIX.success + MIX.invalid + MIX.timeouts + MIX.small;

beforeAll(async () => {
  if (!redisUrl) return;
  const packs = await loadPacks(["./adapters/packs/testing/looping-pack"]);
  // No warm-up, as childEnv gives a server process: the pack's one example loops, so each warming tool process would
  // spin a core until the warm-up's 60-s cap, beside the 10,000 calls (the file took 24 s of CPU with it, 12 without).
  for (let i = 0; i < 2; i++) {
    servers.push(await startServer(redisConfig(redisUrl, prefix, { TOOL_WARM_UP: "false" }), {
      logger: createLogger("silent"), tools: [hashText], packs, passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
    }));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  if (redisUrl) await deleteKeysUnder(redisUrl, prefix);
});

async function signUp(url: string): Promise<Client> {
  const response = await fetch(`${url}/api/v1/auth/sign-up`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "ops@example.com", password: "correct horse battery" }),
  });
  const { data } = await response.json();
  const cookie = cookieOf(response);
  const session = await (await fetch(`${url}/api/v1/auth/session`, { headers: { cookie } })).json();
  return { cookie, csrf: data.csrfToken, accountId: data.account.id, workspaceId: session.data.workspace.id };
}

/** Runs the jobs `concurrency` at a time; resolves with their results in order. */
async function runAll<T>(jobs: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]();
    }
  }));
  return results;
}

/**
 * The calls go over node:http with keep-alive connections: fetch's own cost per request (undici's, on this process's
 * event loop beside both servers) was most of this test's time, twice as much on Node 20 as on Node 24.
 */
const agent = new Agent({ keepAlive: true });
afterAll(() => agent.destroy());

/** POSTs `body` and resolves with the status once the answer is read whole. */
function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { ...headers, "content-length": Buffer.byteLength(body) }, agent }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode as number));
      response.once("error", reject);
    });
    req.once("error", reject);
    req.end(body);
  });
}

interface Attempt { readonly key: string; readonly tool: string; readonly status: number }

/**
 * One planned call, sent again after each 503: on a machine loaded past Redis's 1 s reply deadline a call can fail
 * closed, and whether that 503 is counted depends on where it struck (the key lookup, unknown key: not counted; the
 * limiter: counted, its token maybe spent). Every attempt is kept so the expectations below account for each one.
 */
const executeOn = (url: string, key: { id: string; secret: string }, tool: string, input: unknown) => async () => {
  const attempts: Attempt[] = [];
  for (;;) {
    const status = await post(`${url}/api/v1/execute/${tool}`, { "content-type": "application/json", "x-api-key": key.secret }, JSON.stringify({ input }));
    attempts.push({ key: key.id, tool, status });
    if (status !== 503 || attempts.length === 5) return attempts;
  }
};

/** Counts of attempts by outcome, as the usage API names them; 503s kept apart since they may not be counted. */
function outcomes(attempts: readonly Attempt[]) {
  const count = (test: (status: number) => boolean) => attempts.filter((a) => test(a.status)).length;
  return {
    success: count((s) => s < 300), clientError: count((s) => s >= 400 && s < 500 && s !== 429), rateLimited: count((s) => s === 429),
    timeouts: count((s) => s === 504), unavailable: count((s) => s === 503),
  };
}

/** The usage row's counts must be the attempts' exactly, except that each 503 may or may not have been counted. */
function expectAccounted(row: { calls: number; success: number; clientError: number; rateLimited: number; serverError: number }, attempts: readonly Attempt[]) {
  const seen = outcomes(attempts);
  expect([row.success, row.clientError, row.rateLimited]).toEqual([seen.success, seen.clientError, seen.rateLimited]);
  const counted503 = row.serverError - seen.timeouts;
  expect(counted503).toBeGreaterThanOrEqual(0);
  expect(counted503).toBeLessThanOrEqual(seen.unavailable);
  expect(row.calls).toBe(seen.success + seen.clientError + seen.rateLimited + seen.timeouts + counted503);
}

describe.skipIf(!redisUrl)("usage across two instances on one Redis", () => {
  it(`answers exactly the mix of ${TOTAL} execute calls per key, per tool and in total, one flush interval later`, async () => {
    const [a, b] = servers;
    const owner = await signUp(a.url);
    const createKey = async (name: string, limit?: number, windowSeconds?: number) => {
      const created = await a.container.get(TOKENS.createWorkspaceKey).execute({ accountId: owner.accountId, workspaceId: owner.workspaceId, name, env: "development", limit, windowSeconds });
      if (!created.ok) throw new Error(created.error.message);
      return { id: created.value.key.id, secret: created.value.secret };
    };
    const main = await createKey("main", 1_000_000, 60);
    const small = await createKey("small", MIX.smallLimit, 86_400);
    await a.container.get(TOKENS.workspacePackStore).enable(owner.workspaceId, "looping");

    const on = (i: number) => servers[i % 2].url;
    const jobs = [
      ...Array.from({ length: MIX.success }, (_, i) => executeOn(on(i), main, "hash-text", { algorithm: "sha256", text: `t${i}` })),
      ...Array.from({ length: MIX.invalid }, (_, i) => executeOn(on(i), main, "hash-text", { algorithm: "sha999", text: "x" })),
      ...Array.from({ length: MIX.small }, (_, i) => executeOn(on(i), small, "hash-text", { algorithm: "md5", text: "y" })),
      ...Array.from({ length: MIX.timeouts }, (_, i) => executeOn(on(i), main, "looping.spin", {})),
    ];
    const attempts = (await runAll(jobs.sort(() => Math.random() - 0.5), 16)).flat();
    const final = outcomes(attempts.filter((a) => a.status !== 503));
    const unavailable = outcomes(attempts).unavailable;
    if (unavailable === 0) {
      expect([final.success, final.clientError, final.rateLimited, final.timeouts]).toEqual([MIX.success + MIX.smallLimit, MIX.invalid, MIX.small - MIX.smallLimit, MIX.timeouts]);
    } else {
      // A limiter call that failed closed may still have spent one of the small key's 50 tokens.
      expect(final.success).toBeGreaterThanOrEqual(MIX.success + MIX.smallLimit - unavailable);
      expect(final.success + final.rateLimited).toBe(MIX.success + MIX.small);
    }

    const read = async () => {
      const response = await call(b.app, "GET", `/api/v1/workspaces/${owner.workspaceId}/usage`, { client: owner });
      return (await response.json()).data.usage;
    };
    const isSettled = (calls: number) => calls >= TOTAL && calls <= TOTAL + unavailable;
    let usage = await read();
    // Each instance flushes every 5 s: within 10 s both have.
    await waitFor(async () => isSettled((usage = await read()).totals.calls), 15_000, 250);
    expectAccounted(usage.totals, attempts);
    expect(usage.totals.errorCodes).toMatchObject({ invalid_input: final.clientError, rate_limited: final.rateLimited, tool_timeout: MIX.timeouts });
    const rowOf = (rows: Record<string, never>[], field: string, id: string) => rows.find((row) => row[field] === id);
    for (const key of [main, small]) expectAccounted(rowOf(usage.keys, "keyId", key.id) as never, attempts.filter((a) => a.key === key.id));
    expect(usage.keys).toHaveLength(2);
    for (const tool of ["hash-text", "looping.spin"]) expectAccounted(rowOf(usage.tools, "toolId", tool) as never, attempts.filter((a) => a.tool === tool));
    expect(usage.tools).toHaveLength(2);
    expect(usage.series.reduce((sum: number, bucket: { calls: number }) => sum + bucket.calls, 0)).toBe(usage.totals.calls);

    const own = await (await fetch(`${a.url}/api/v1/usage`, { headers: { "x-api-key": main.secret } })).json();
    expectAccounted(own.data.usage.totals, attempts.filter((a) => a.key === main.id));
  }, 480_000); // ≈ 1 min alone; two suites side by side on 2 cores took it past 3
});
