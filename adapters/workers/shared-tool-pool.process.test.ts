import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bcryptHash } from "../tools/crypto/bcrypt-hash.ts";
import { createKeyWithCli, type ServerProcess, startServerProcess, waitUntil } from "../testing/process.ts";
import { workersLogging } from "./testing/worker-requests.ts";

const METRICS_TOKEN = "shared-pool-metrics-token-0123456789";
const TOOL_CONCURRENCY = 1;
const [vector] = bcryptHash.examples;

/** The pids whose parent is `pid`, with their command lines (from /proc). */
function childrenOf(pid: number): { pid: number; command: string }[] {
  const out: { pid: number; command: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== pid) continue;
      out.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ") });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const toolProcesses = (pid: number) => childrenOf(pid).filter((child) => child.command.includes("tool-child"));

/** An execute call on a connection of its own (any worker may take it); `leaveAfterMs` destroys it unanswered. */
function call(url: string, secret: string, tool: string, input: object, leaveAfterMs?: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/v1/execute/${tool}`, { method: "POST", agent: false, headers: { "content-type": "application/json", "x-api-key": secret } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", (error) => (leaveAfterMs === undefined ? reject(error) : resolve({ status: 0, body: "" }))).end(JSON.stringify({ input }));
    if (leaveAfterMs !== undefined) setTimeout(() => req.destroy(), leaveAfterMs);
  });
}

async function poolSeries(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: "close" } })).text();
  return Object.fromEntries([...text.matchAll(/^(tool_pool_\w+) (\d+)$/gm)].map((match) => [match[1], Number(match[2])]));
}

describe("WORKERS=2 with the built-in catalog: one tool pool for the machine, held by the primary", () => {
  let env: Record<string, string>;
  let server: ServerProcess;
  let secret: string;
  let keyId: string;

  beforeAll(async () => {
    env = { DATA_DIR: mkdtempSync(join(tmpdir(), "shared-pool-")), WORKERS: "2", TOOL_CONCURRENCY: String(TOOL_CONCURRENCY), TOOL_WARM_UP: "false", METRICS_TOKEN };
    server = await startServerProcess(env);
    ({ id: keyId, secret } = await createKeyWithCli(env, ["--limit", "100000"]));
  }, 120_000);
  afterAll(() => {
    server.child.kill("SIGKILL");
    for (const child of toolProcesses(server.child.pid as number)) process.kill(child.pid, "SIGKILL");
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it("runs every worker's isolated calls in TOOL_CONCURRENCY + 1 tool processes, children of the primary, none of a worker", async () => {
    // Two rounds of 12 (one running and 16 queued is the machine's room): each call on a connection of its own, which
    // the kernel hands to either worker.
    const answers: { status: number; body: string }[] = [];
    for (let round = 0; round < 2; round++) answers.push(...(await Promise.all(Array.from({ length: 12 }, () => call(server.url, secret, "bcrypt-hash", vector.input)))));
    for (const answer of answers) expect(JSON.parse(answer.body)).toEqual({ status: "success", code: 200, data: { output: vector.output } });
    await waitUntil(async () => workersLogging(server, (line) => line.keyId === keyId && line.status === 200).size === 2, 5_000);
    await waitUntil(async () => toolProcesses(server.child.pid as number).length === TOOL_CONCURRENCY + 1, 30_000);
    const workers = childrenOf(server.child.pid as number).filter((child) => child.command.includes("adapters/main"));
    expect(workers).toHaveLength(2);
    for (const worker of workers) expect(toolProcesses(worker.pid)).toEqual([]);
    expect(await poolSeries(server.url)).toMatchObject({ tool_pool_capacity: TOOL_CONCURRENCY, tool_pool_busy: 0, tool_pool_queued: 0 });
  }, 90_000);

  it("drops a queued call whose caller left, as one pool would, and counts it once", async () => {
    const before = await poolSeries(server.url);
    // A cost-14 hash holds the one running place for about a second (longer on a loaded machine).
    const slow = call(server.url, secret, "bcrypt-hash", { password: "long", rounds: 14 });
    await waitUntil(async () => (await poolSeries(server.url)).tool_pool_busy === 1, 10_000);
    await call(server.url, secret, "bcrypt-hash", vector.input, 100);
    expect((await slow).status).toBe(200);
    await waitUntil(async () => (await poolSeries(server.url)).tool_pool_abandoned_total === before.tool_pool_abandoned_total + 1, 10_000);
    expect(await poolSeries(server.url)).toMatchObject({ tool_pool_busy: 0, tool_pool_queued: 0 });
  }, 60_000);

  it("keeps the pool when a worker is killed: the same tool processes serve the replacement's calls", async () => {
    const pool = toolProcesses(server.child.pid as number).map((child) => child.pid).sort();
    const [victim] = childrenOf(server.child.pid as number).filter((child) => child.command.includes("adapters/main"));
    process.kill(victim.pid, "SIGKILL");
    await waitUntil(async () => childrenOf(server.child.pid as number).filter((child) => child.command.includes("adapters/main") && child.pid !== victim.pid).length === 2, 60_000, 200);
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(server.url, secret, "bcrypt-hash", vector.input)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(toolProcesses(server.child.pid as number).map((child) => child.pid).sort()).toEqual(pool);
  }, 90_000);

  it("stops the workers, then the tool processes, on SIGTERM and exits 0", async () => {
    const children = childrenOf(server.child.pid as number).map((child) => child.pid);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
