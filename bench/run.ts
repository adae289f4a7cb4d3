// npm run -s bench: throughput and latency of the API as ratios to bare node:http, measured in one run.
import { writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { type BenchServer, LOG_DIR, startBenchServer, startEmbedded, startRedis } from "./servers.ts";
import { measureStartUp } from "./start-up.ts";
import { evaluateTargets, printTargets } from "./targets.ts";
import { type Measurement, median, printReport, type Scenario, scenariosFor } from "./scenarios.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.BENCH_DURATION ?? "2" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    "no-redis": { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

const startUpMs = await measureStartUp();
const servers: BenchServer[] = [await startBenchServer("bare", "bare-server.ts"), await startEmbedded()];
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
if (values["no-redis"]) console.log("(Redis mode skipped: --no-redis)");
else if (await reachable(redisUrl)) servers.push(await startRedis(redisUrl));
else console.log(`(Redis at ${redisUrl} not reachable: Redis mode skipped)`);
process.on("exit", () => servers.forEach((server) => server.kill()));

const scenarios: Scenario[] = servers.flatMap(scenariosFor);
const rssBefore = Object.fromEntries(await Promise.all(servers.map(async (s) => [s.name, await s.rss()] as const)));
for (const scenario of scenarios) await load(scenario, Math.min(1, duration)); // warm-up: JIT, caches, connections
const samples = new Map<string, Measurement[]>(scenarios.map((s) => [s.id, []]));
for (let round = 0; round < rounds; round++) {
  for (const scenario of scenarios) samples.get(scenario.id)?.push(await load(scenario, duration));
}
const rssAfter = Object.fromEntries(await Promise.all(servers.map(async (s) => [s.name, await s.rss()] as const)));
const results = scenarios.map((scenario) => ({ ...scenario.describe(), ...median(samples.get(scenario.id) ?? []) }));
const report = printReport(results, rssBefore, rssAfter, { duration, rounds, connections, logs: LOG_DIR });
const targets = evaluateTargets(results);
printTargets(targets, startUpMs);
console.log(`\n(request logs at info collected to ${LOG_DIR}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")})`);
writeFileSync(join(import.meta.dirname, "results.json"), `${JSON.stringify({ ...report, targets, startUpMs }, null, 2)}\n`);
for (const server of servers) await server.stop();

async function load(scenario: Scenario, seconds: number): Promise<Measurement> {
  const result = await autocannon({ ...scenario.request, connections, duration: seconds, pipelining: 1 });
  const expected = result.statusCodeStats?.[scenario.expectStatus as unknown as keyof typeof result.statusCodeStats]?.count ?? 0;
  if (result.errors > 0 || expected !== result.requests.total) {
    throw new Error(`${scenario.id}: expected only ${scenario.expectStatus}, got ${JSON.stringify(result.statusCodeStats)} and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => (socket.end(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}
