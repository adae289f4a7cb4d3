import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../container.ts";
import { call, type Client, cookieOf } from "../http/session/testing.ts";
import { createLogger } from "../logger.ts";
import { loadPacks } from "../packs/load-packs.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../server.ts";
import { TEST_SCRYPT_COST } from "../testing/harness.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { waitFor } from "./testing/instances.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";

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
  for (let i = 0; i < 2; i++) {
    servers.push(await startServer(redisConfig(redisUrl, prefix), {
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

const executeOn = (url: string, secret: string, tool: string, input: unknown) => async () => {
  const response = await fetch(`${url}/api/v1/execute/${tool}`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": secret }, body: JSON.stringify({ input }),
  });
  await response.arrayBuffer();
  return response.status;
};

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
      ...Array.from({ length: MIX.success }, (_, i) => executeOn(on(i), main.secret, "hash-text", { algorithm: "sha256", text: `t${i}` })),
      ...Array.from({ length: MIX.invalid }, (_, i) => executeOn(on(i), main.secret, "hash-text", { algorithm: "sha999", text: "x" })),
      ...Array.from({ length: MIX.small }, (_, i) => executeOn(on(i), small.secret, "hash-text", { algorithm: "md5", text: "y" })),
      ...Array.from({ length: MIX.timeouts }, (_, i) => executeOn(on(i), main.secret, "looping.spin", {})),
    ];
    const statuses = await runAll(jobs.sort(() => Math.random() - 0.5), 16);
    const tally = (status: number) => statuses.filter((s) => s === status).length;
    expect([tally(200), tally(422), tally(429), tally(504)]).toEqual([MIX.success + MIX.smallLimit, MIX.invalid, MIX.small - MIX.smallLimit, MIX.timeouts]);

    const read = async () => {
      const response = await call(b.app, "GET", `/api/v1/workspaces/${owner.workspaceId}/usage`, { client: owner });
      return (await response.json()).data.usage;
    };
    let usage = await read();
    // Each instance flushes every 5 s: within 10 s both have.
    await waitFor(async () => (usage = await read()).totals.calls === TOTAL, 15_000, 250);
    expect(usage.totals).toMatchObject({
      calls: TOTAL, success: MIX.success + MIX.smallLimit, clientError: MIX.invalid, rateLimited: MIX.small - MIX.smallLimit, serverError: MIX.timeouts,
      errorCodes: { invalid_input: MIX.invalid, rate_limited: MIX.small - MIX.smallLimit, tool_timeout: MIX.timeouts },
    });
    const keys = Object.fromEntries(usage.keys.map((key: Record<string, number>) => [key.keyId, [key.calls, key.success, key.clientError, key.rateLimited, key.serverError]]));
    expect(keys).toEqual({
      [main.id]: [MIX.success + MIX.invalid + MIX.timeouts, MIX.success, MIX.invalid, 0, MIX.timeouts],
      [small.id]: [MIX.small, MIX.smallLimit, 0, MIX.small - MIX.smallLimit, 0],
    });
    const tools = Object.fromEntries(usage.tools.map((tool: Record<string, number>) => [tool.toolId, [tool.calls, tool.serverError]]));
    expect(tools).toEqual({ "hash-text": [TOTAL - MIX.timeouts, 0], "looping.spin": [MIX.timeouts, MIX.timeouts] });
    expect(usage.series.reduce((sum: number, bucket: { calls: number }) => sum + bucket.calls, 0)).toBe(TOTAL);

    const own = await (await fetch(`${a.url}/api/v1/usage`, { headers: { "x-api-key": main.secret } })).json();
    expect(own.data.usage.totals).toMatchObject({ calls: MIX.success + MIX.invalid + MIX.timeouts, success: MIX.success, serverError: MIX.timeouts });
  }, 180_000);
});
