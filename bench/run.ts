// npm run -s bench: throughput and latency of the API as ratios to bare node:http, measured in one run.
import { writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { load } from "./load.ts";
import { runOnEachNode } from "./on-node.ts";
import { callgrindAvailable, type InstructionReport, instructionTargets, measureInstructions } from "./instructions.ts";
import { isMeasured, measureOverheads, overheadTargets, startOverheadServers } from "./overhead.ts";
import { type ConformanceRunReport, measureConformanceRun } from "./conformance-run.ts";
import { measureScaling, type ScalingReport } from "./scaling.ts";
import { type Measurement, median, printReport, type Scenario, scenariosFor } from "./scenarios.ts";
import { type BenchServer, embeddedEnv, LOG_DIR, redisEnv, startBaseline, startProduction } from "./servers.ts";
import { soak, type SoakReport } from "./soak.ts";
import { measureStartUp } from "./start-up.ts";
import { evaluateTargets, printTargets } from "./targets.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.BENCH_DURATION ?? "2" },
    rounds: { type: "string", default: "3" },
    // Rounds of the side-by-side on/off phase that judges the cost of metrics and of usage recording (issue 27).
    "overhead-rounds": { type: "string", default: "16" },
    // The same costs judged on instructions per request under callgrind: requests counted per server (after as many
    // of warm-up) and rounds; 0 skips.
    instructions: { type: "string", default: "3000" },
    "instruction-rounds": { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    "no-redis": { type: "boolean", default: false },
    soak: { type: "string" },
    // A default self-booting conformance run, timed (20 s idle); the smoke test skips it to stay short.
    "no-conformance": { type: "boolean", default: false },
    // Repeatable: the whole bench once under each node binary, then the figures side by side (bench/on-node.ts).
    node: { type: "string", multiple: true },
  },
});
if (values.node?.length) {
  const others = process.argv.slice(2).filter((arg, index, all) => arg !== "--node" && all[index - 1] !== "--node" && !arg.startsWith("--node="));
  process.exit(runOnEachNode(values.node, others));
}
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

const startUp = await measureStartUp();
const servers: BenchServer[] = [await startBaseline("bare"), await startBaseline("h3 floor"), await startProduction({ name: "embedded", env: embeddedEnv() })];
servers.push(...(await startOverheadServers()));
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const useRedis = !values["no-redis"] && (await reachable(redisUrl));
if (values["no-redis"]) console.log("(Redis mode skipped: --no-redis)");
else if (!useRedis) console.log(`(Redis at ${redisUrl} not reachable: Redis mode skipped)`);
if (useRedis) servers.push(await startProduction({ name: "redis", env: redisEnv(redisUrl) }));
process.on("exit", () => servers.forEach((server) => server.kill()));

const everyScenario: Scenario[] = servers.flatMap(scenariosFor);
const scenarios = everyScenario.filter(isMeasured);
const rssBefore = Object.fromEntries(servers.map((s) => [s.name, s.rss()] as const));
for (const scenario of scenarios) await load(scenario, connections, { seconds: Math.min(1, duration) }); // warm-up
const samples = new Map<string, Measurement[]>(scenarios.map((s) => [s.id, []]));
for (let round = 0; round < rounds; round++) {
  for (const scenario of scenarios) samples.get(scenario.id)?.push(await load(scenario, connections, { seconds: duration }));
}
const rssAfter = Object.fromEntries(servers.map((s) => [s.name, s.rss()] as const));
const results = scenarios.map((scenario) => ({ ...scenario.describe(), ...median(samples.get(scenario.id) ?? []) }));
const report = printReport(results, rssBefore, rssAfter, { duration, rounds, connections, logs: LOG_DIR });
const overheadRounds = Number(values["overhead-rounds"]);
console.log(`\noverheads: embedded execute with everything on beside metrics off, beside usage recording off, and beside itself; ${overheadRounds} rounds of ${duration} s`);
const overheads = await measureOverheads(everyScenario, connections, duration, overheadRounds);

let instructions: InstructionReport[] | { skipped: string } = { skipped: "--instructions 0" };
const instructionRequests = Number(values.instructions);
if (instructionRequests > 0 && !callgrindAvailable()) instructions = { skipped: "valgrind is not installed (apt-get install valgrind)" };
else if (instructionRequests > 0) {
  const instructionRounds = Number(values["instruction-rounds"]);
  console.log(`\ninstructions: execute on all on, metrics off, usage recording off under callgrind, one at a time; ${instructionRounds} rounds of ${instructionRequests} requests`);
  instructions = await measureInstructions(instructionRequests, instructionRounds);
}

let soakReport: SoakReport | undefined;
if (values.soak) {
  console.log(`\nsoak: ${values.soak} requests of execute hash-text on the embedded server`);
  soakReport = await soak(servers.find((server) => server.name === "embedded") as BenchServer, Number(values.soak), connections);
}
for (const server of servers) await server.stop();

let scaling: ScalingReport | undefined;
if (useRedis) {
  console.log("\nscaling: one Redis-backed instance, then two on the same Redis, each on a core of its own");
  scaling = await measureScaling(redisUrl, connections, duration);
}
let conformance: ConformanceRunReport | undefined;
if (!values["no-conformance"]) {
  console.log("\nconformance: one default self-booting run (npm run -s conformance), timed");
  conformance = await measureConformanceRun();
}
const targets = [...evaluateTargets(results, { startUp, soak: soakReport, scaling, conformance }), ...instructionTargets(instructions), ...overheadTargets(overheads)];
printTargets(targets);
console.log(`\n(request logs at info collected to ${LOG_DIR}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")})`);
writeFileSync(process.env.BENCH_RESULTS ?? join(import.meta.dirname, "results.json"), `${JSON.stringify({ ...report, overheads, instructions, targets, startUp, soak: soakReport, scaling, conformance }, null, 2)}\n`);

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => (socket.end(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}
