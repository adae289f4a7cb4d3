// npm run -s bench: throughput and latency of the API as ratios to bare node:http, measured in one run.
import { writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { load, WARM_AGREEMENT, warmUp } from "./load.ts";
import { runOnEachNode } from "./on-node.ts";
import { callgrindAvailable, type InstructionReport, instructionTargets, measureInstructions } from "./instructions.ts";
import { isMeasured, measureOverheads, overheadTargets, startOverheadServers, variantsOf } from "./overhead.ts";
import { type ConformanceRunReport, measureConformanceRun } from "./conformance-run.ts";
import { judgedComparisons, measurePaired, type PairedRatio, pairedText } from "./paired.ts";
import { measureScaling, type ScalingReport } from "./scaling.ts";
import { type Measurement, median, printReport, type Scenario, scenariosFor } from "./scenarios.ts";
import { untilSettled } from "./process-cpu.ts";
import { type BenchServer, logDirectory, startBaseline, startProduction } from "./servers.ts";
import { embeddedEnv, redisEnv, removeRunKeys } from "./store-envs.ts";
import { measureMemory, type MemoryReport } from "./memory.ts";
import { soak, type SoakReport } from "./soak.ts";
import { measureStartUp } from "./start-up.ts";
import { measureTurnCosts, type TurnCost, turnCostText } from "./turns.ts";
import { evaluateTargets, printTargets } from "./targets.ts";
import { countRedisCommands, type RedisCommandsReport } from "./redis-commands.ts";
import { defaultWorkers, measureAtRate, type Pinning, isWorkersServer, pinLoadGenerator, pinning, printWorkers, startWorkerServers, WORKERS_SCENARIO, workersReport } from "./workers.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.BENCH_DURATION ?? "2" },
    // The most seconds of warm-up a scenario gets before its rounds (load.ts warmUp: until its CPU per request settles).
    "warm-up": { type: "string", default: "15" },
    rounds: { type: "string", default: "3" },
    // Rounds of the side-by-side on/off phase that judges the cost of metrics and of usage recording (issue 27).
    "overhead-rounds": { type: "string", default: "16" },
    // The same costs judged on instructions per request under callgrind: requests counted per server (after as many
    // of warm-up) and rounds; 0 skips.
    instructions: { type: "string", default: "3000" },
    "instruction-rounds": { type: "string", default: "3" },
    // Leaves out the overhead phase's noise floor ("all on, again", a server the same as "all on", reported and never
    // judged): one server fewer to boot, for a run that checks the bench works (the smoke test) rather than its figures.
    "no-noise-floor": { type: "boolean", default: false },
    connections: { type: "string", default: "16" },
    "no-redis": { type: "boolean", default: false },
    soak: { type: "string" },
    // Executes of every server tool's examples on a fresh embedded server before its memory is read (0 skips).
    memory: { type: "string", default: "1290" },
    // A default self-booting conformance run, timed (20 s idle); the smoke test skips it to stay short.
    "no-conformance": { type: "boolean", default: false },
    // Repeatable: the whole bench once under each node binary, then the figures side by side (bench/on-node.ts).
    node: { type: "string", multiple: true },
    // WORKERS=N servers beside the one-worker ones (default min(cores, 2)); 1 starts none and reports 1 against itself.
    workers: { type: "string" },
    // Execute requests during which Redis commands are counted (0 skips).
    "redis-commands": { type: "string", default: "5000" },
    // Pairs of back-to-back loads that judge the CPU-per-request targets (paired.ts); 0 judges the rounds' medians.
    pairs: { type: "string", default: "12" },
    // Rounds of each server's execute at 1 connection beside the run's connections: what a turn costs (turns.ts); 0 skips.
    "turn-rounds": { type: "string", default: "3" },
  },
});
if (values.node?.length) {
  const others = process.argv.slice(2).filter((arg, index, all) => arg !== "--node" && all[index - 1] !== "--node" && !arg.startsWith("--node="));
  process.exit(runOnEachNode(values.node, others));
}
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const workers = Math.max(1, Number(values.workers ?? defaultWorkers()));
const pinned: Pinning = workers > 1 ? pinning(workers) : { note: "--workers 1: no WORKERS=N server, one worker against itself" };
if (pinned.loadCpus) pinLoadGenerator(pinned.loadCpus);

const overheadVariants = variantsOf(!values["no-noise-floor"]);
const startUp = await measureStartUp();
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const useRedis = !values["no-redis"] && (await reachable(redisUrl));
if (values["no-redis"]) console.log("(Redis mode skipped: --no-redis)");
else if (!useRedis) console.log(`(Redis at ${redisUrl} not reachable: Redis mode skipped)`);
// Started side by side: a server's tool processes warm one after another, so a lone start leaves the other core idle.
// Nothing is measured until every one of them has settled.
const servers: BenchServer[] = await allStarted([
  startBaseline("bare"), startBaseline("h3 floor"), startProduction({ name: "embedded", env: embeddedEnv() }), ...startOverheadServers(overheadVariants),
  ...(useRedis ? [startProduction({ name: "redis", env: redisEnv(redisUrl) })] : []),
]);
process.on("exit", () => servers.forEach((server) => server.kill()));
await untilSettled(servers.map((server) => server.pid));
// The WORKERS=N servers once the others have settled: N more servers booting beside eight on two loaded cores starved
// their start (a Redis check timed out), so they start after.
const workerServers = await allStarted(startWorkerServers(workers, useRedis ? redisUrl : undefined, pinned.cpus));
servers.push(...workerServers);
if (workerServers.length > 0) await untilSettled(servers.map((server) => server.pid));

const everyScenario: Scenario[] = servers.flatMap(scenariosFor);
// The WORKERS=N servers run execute only, in the same rounds as the one-worker servers they are compared with.
const scenarios = everyScenario.filter(isMeasured).filter((s) => !isWorkersServer(s.describe().server) || s.describe().scenario === WORKERS_SCENARIO);
const rssBefore = Object.fromEntries(servers.map((s) => [s.name, s.rss()] as const));
const warmUpSeconds = Number(values["warm-up"]);
const warmed: string[] = [];
for (const scenario of scenarios) warmed.push(`${scenario.id} ${await warmUp(scenario, connections, warmUpSeconds)} s`);
console.log(`warm-up (until two 1-s slices in a row after the first agree on CPU per request within ${WARM_AGREEMENT * 100}%, at most ${warmUpSeconds} s): ${warmed.join(", ")}`);
const samples = new Map<string, Measurement[]>(scenarios.map((s) => [s.id, []]));
for (let round = 0; round < rounds; round++) {
  for (const scenario of scenarios) samples.get(scenario.id)?.push(await load(scenario, connections, { seconds: duration }));
}
const rssAfter = Object.fromEntries(servers.map((s) => [s.name, s.rss()] as const));
const results = scenarios.map((scenario) => ({ ...scenario.describe(), ...median(samples.get(scenario.id) ?? []) }));
const report = printReport(results, rssBefore, rssAfter, { duration, rounds, connections, logs: logDirectory() });
const atRate = await measureAtRate(scenarios, results, workers, connections, duration, rounds);
const workersResult = workersReport(results, workers, pinned.note, atRate);
printWorkers(workersResult);
const pairCount = Number(values.pairs);
let paired: PairedRatio[] = [];
if (pairCount > 0) {
  console.log(`\nCPU per request in pairs: each comparison ${pairCount} time${pairCount === 1 ? "" : "s"} as two ${duration}-s loads back to back, the order alternating`);
  paired = await measurePaired(judgedComparisons(scenarios), connections, duration, pairCount);
  for (const p of paired) console.log(`  ${p.reference} µs / ${p.subject} µs: ${p.ratio.toFixed(3)} (${pairedText(p, (ratio) => ratio.toFixed(3))}; medians ${p.referenceUs} vs ${p.subjectUs} µs)`);
}
const turnRounds = Number(values["turn-rounds"]);
let turns: TurnCost[] = [];
if (turnRounds > 0) {
  console.log(`\nturns: bare's POST and each store's execute at 1 connection (one request a turn) and at ${connections}, ${turnRounds} rounds of ${duration} s in alternating order`);
  turns = await measureTurnCosts(scenarios, connections, duration, turnRounds);
  for (const row of turns) console.log(`  ${row.server.padEnd(9)} ${turnCostText(row)}`);
}
const overheadRounds = Number(values["overhead-rounds"]);
// --overhead-rounds 0 and --soak 0 leave those phases out, as --pairs 0 and --instructions 0 do theirs (no NaN lines).
if (overheadRounds > 0) console.log(`\noverheads: embedded execute with everything on beside metrics off, beside usage recording off${values["no-noise-floor"] ? " (no noise floor: --no-noise-floor)" : ", and beside itself"}; ${overheadRounds} rounds of ${duration} s`);
const overheads = overheadRounds > 0 ? await measureOverheads(everyScenario, connections, duration, overheadRounds, overheadVariants) : [];

let instructions: InstructionReport[] | { skipped: string } = { skipped: "--instructions 0" };
const instructionRequests = Number(values.instructions);
if (instructionRequests > 0 && !callgrindAvailable()) instructions = { skipped: "valgrind is not installed (apt-get install valgrind)" };
else if (instructionRequests > 0) {
  const instructionRounds = Number(values["instruction-rounds"]);
  console.log(`\ninstructions: execute on all on, metrics off, usage recording off under callgrind, one at a time; ${instructionRounds} rounds of ${instructionRequests} requests`);
  instructions = await measureInstructions(instructionRequests, instructionRounds);
}

let soakReport: SoakReport | undefined;
const soakRequests = Number(values.soak ?? 0);
if (soakRequests > 0) {
  console.log(`\nsoak: ${soakRequests} requests of execute hash-text on the embedded server`);
  soakReport = await soak(servers.find((server) => server.name === "embedded") as BenchServer, soakRequests, connections);
}
for (const server of servers) await server.stop();

let scaling: ScalingReport | undefined;
if (useRedis) {
  console.log("\nscaling: one Redis-backed instance, then two on the same Redis, each on a core of its own");
  scaling = await measureScaling(redisUrl, connections, duration);
}
let redisCommands: RedisCommandsReport | undefined;
const commandRequests = Number(values["redis-commands"]);
if (useRedis && commandRequests > 0) {
  console.log(`\nRedis commands: ${commandRequests} execute requests on a fresh Redis-backed server, top-level commands counted with MONITOR`);
  redisCommands = await countRedisCommands(redisUrl, commandRequests, connections);
  console.log(`  ${redisCommands.commands} commands for ${redisCommands.requests} requests: ${redisCommands.perExecute.toFixed(3)} per execute (${redisCommands.counted})`);
}
let memory: MemoryReport | undefined;
const memoryExecutes = Number(values.memory);
if (memoryExecutes > 0) {
  console.log(`\nmemory: ${memoryExecutes} executes of every server tool's examples on a fresh embedded server, then Pss of it and its tool processes`);
  memory = await measureMemory(memoryExecutes);
}
let conformance: ConformanceRunReport | undefined;
if (!values["no-conformance"]) {
  console.log("\nconformance: one default self-booting run (npm run -s conformance), timed");
  conformance = await measureConformanceRun();
}
const targets = [...evaluateTargets(results, { startUp, soak: soakReport, memory, scaling, conformance, workers: workersResult, redisCommands, paired, turns }), ...instructionTargets(instructions), ...overheadTargets(overheads)];
printTargets(targets);
console.log(`\n(request logs at info collected to ${logDirectory()}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")})`);
writeFileSync(process.env.BENCH_RESULTS ?? join(import.meta.dirname, "results.json"), `${JSON.stringify({ ...report, overheads, instructions, targets, startUp, soak: soakReport, memory, scaling, conformance, workers: workersResult, redisCommands, paired, turns }, null, 2)}\n`);
await removeRunKeys();

/** Every server started, or none left running: one that fails to start ends the others before the bench fails. */
async function allStarted(starting: Promise<BenchServer>[]): Promise<BenchServer[]> {
  const settled = await Promise.allSettled(starting);
  const failed = settled.find((result) => result.status === "rejected");
  if (!failed) return settled.map((result) => (result as PromiseFulfilledResult<BenchServer>).value);
  for (const result of settled) if (result.status === "fulfilled") result.value.kill();
  throw failed.reason;
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => (socket.end(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}
