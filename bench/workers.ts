// WORKERS=N against one worker: N server processes on one port (node:cluster), measured in the main rounds beside the
// one-worker servers ("embedded", "redis": WORKERS unset is one worker), execute hash-text only, then both again at the
// same offered load. CPU per request is the whole process group's (primary, workers, their tool processes:
// process-cpu.ts treeCpuTicks). Flat out it still depends on who shares the cores: threads preempted by others run
// slower (caches, the scheduler's switches), so the coordination figure is judged at the same offered load, below what
// saturates the machine; req/s depends on it too, so the scaling ratio is honest only with the load generator apart.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { load, loadTogether } from "./load.ts";
import { inTurn, pairedRatio } from "./paired.ts";
import { type Measurement, median, type Scenario } from "./scenarios.ts";
import { type BenchServer, hasTaskset, startProduction } from "./servers.ts";
import { embeddedEnv, redisEnv } from "./store-envs.ts";

/** The scenario the worker servers run. */
export const WORKERS_SCENARIO = "execute hash-text";

/** The default N: two workers where the machine has two cores or more (one, then, only on a one-core machine). */
export const defaultWorkers = (): number => Math.min(availableParallelism(), 2);

/** Coordination target: CPU per request with N workers at most this many times one worker's. */
export const MAX_COORDINATION = 1.33;

export const workersServerName = (store: "embedded" | "redis", workers: number): string => `${store} ×${workers} workers`;

/** The k-th separate one-worker server of a store (k = 2..N; the first is the run's own "embedded" or "redis"). */
export const separateServerName = (store: "embedded" | "redis", k: number): string => `${store} separate ${k}`;

/** Whether a server of the run is one startWorkerServers starts (only its execute scenario runs). */
export const isWorkersServer = (name: string): boolean => / ×\d+ workers$| separate \d+$/.test(name);

/**
 * Where the load generator can sit apart from N workers: cores N.. for the bench process (autocannon), 0..N-1 for the
 * workers, when there are more than N cores and taskset exists. Returns the plan, or why not (printed as is).
 */
export interface Pinning {
  readonly note: string;
  /** The workers' cores and the load generator's, for taskset -c; absent when not pinned. */
  readonly cpus?: string;
  readonly loadCpus?: string;
}

export function pinning(workers: number): Pinning {
  const cores = availableParallelism();
  if (!hasTaskset()) return { note: "not pinned: no taskset" };
  if (cores <= workers) return { note: `not pinned: ${cores} cores` };
  const cpus = `0-${workers - 1}`;
  const loadCpus = `${workers}-${cores - 1}`;
  return { cpus, loadCpus, note: `pinned: workers on cores ${cpus}, load generator on ${loadCpus}` };
}

/** Pins this process (every thread: autocannon's included) to `cpus`; the workers' phase is the whole run. */
export function pinLoadGenerator(cpus: string): void {
  spawnSync("taskset", ["-a", "-p", "-c", cpus, String(process.pid)], { stdio: "ignore" });
}

/**
 * The WORKERS=N servers of the run and, per store, the N-1 more one-worker servers of the control arm, each on a store
 * of its own (a fresh DATA_DIR, a Redis prefix of its own) with its own keys; none when N is 1 (the one-worker servers
 * are the run's own "embedded" and "redis"). Started as soon as called; the WORKERS=N ones pinned to cores 0..N-1 when
 * `cpus` is given.
 */
export function startWorkerServers(workers: number, redisUrl: string | undefined, cpus: string | undefined): Promise<BenchServer>[] {
  if (workers <= 1) return [];
  const stores = redisUrl ? [["embedded", embeddedEnv], ["redis", () => redisEnv(redisUrl)]] as const : [["embedded", embeddedEnv]] as const;
  return stores.flatMap(([store, env]) => [
    startProduction({ name: workersServerName(store, workers), env: { ...env(), WORKERS: String(workers) }, cpus }),
    // Unpinned, as the run's one-worker servers are: the control is those N one-worker servers side by side.
    ...Array.from({ length: workers - 1 }, (_, i) => startProduction({ name: separateServerName(store, i + 2), env: env() })),
  ]);
}

export interface WorkersRow {
  readonly store: "embedded" | "redis";
  readonly workers: number;
  /** Flat out, each with its involuntary context switches per 100 requests. */
  readonly one: Pick<Measurement, "rps" | "cpuUs" | "preemptedPer100">;
  readonly many: Pick<Measurement, "rps" | "cpuUs" | "preemptedPer100">;
  /** N workers' req/s over one worker's. */
  readonly scaling: number;
  /** N workers' CPU per request over one worker's. */
  readonly coordination: number;
  /** The same two at the same offered load (AT_RATE_SHARE of one worker's req/s); absent for N = 1. */
  readonly atRate?: AtRate;
}

/**
 * The offered load of the coordination figure, as a share of one worker's req/s. autocannon's rate is a quota per
 * connection and second: each connection sends as fast as it is answered until its share of the second is spent, then
 * waits for the next second, so each second starts at full speed and ends idle. An evenly paced load of the same rate
 * gave the same ratios (bench/README.md, "What a turn costs").
 */
export const AT_RATE_SHARE = 0.5;

export interface AtRate {
  readonly workers: number;
  readonly rate: number;
  readonly one: Pick<Measurement, "cpuUs" | "preemptedPer100">;
  readonly many: Pick<Measurement, "cpuUs" | "preemptedPer100">;
  readonly coordination: number;
  /** N separate one-worker servers sharing the same rate, and N workers' CPU per request over theirs. */
  readonly separate: Pick<Measurement, "cpuUs" | "preemptedPer100">;
  readonly overSeparate: number;
  /**
   * The N separate servers' CPU per request over one worker's: what N busy server processes cost on this machine with
   * nothing shared between them, the part of `coordination` no design of workers can remove.
   */
  readonly separateOverOne: number;
}

/**
 * One worker, N workers and N separate one-worker servers driven at the same total rate, AT_RATE_SHARE of one worker's
 * req/s, each round in turn: CPU per request of the same work. On a machine with fewer cores than N busy servers plus
 * the load generator, the servers preempt each other and are preempted by the load generator (counted:
 * preemptedPer100), and that, not coordination, made most of N workers' extra CPU a request: the separate servers,
 * which share nothing, pay it too (bench/README.md). `scenarios` holds the separate servers' too.
 */
export async function measureAtRate(scenarios: readonly Scenario[], rows: readonly Row[], workers: number, connections: number, seconds: number, rounds: number): Promise<Map<string, AtRate>> {
  const out = new Map<string, AtRate>();
  if (workers <= 1) return out;
  const find = (server: string) => scenarios.find((s) => s.describe().server === server && s.describe().scenario === WORKERS_SCENARIO);
  for (const store of ["embedded", "redis"] as const) {
    const one = find(store);
    const many = find(workersServerName(store, workers));
    const oneRps = rows.find((row) => row.server === store && row.scenario === WORKERS_SCENARIO)?.rps;
    const separate = [one, ...Array.from({ length: workers - 1 }, (_, i) => find(separateServerName(store, i + 2)))]
      .filter((scenario) => scenario !== undefined);
    if (!one || !many || !oneRps || separate.length < workers) continue;
    const rate = Math.max(1, Math.round(oneRps * AT_RATE_SHARE));
    // Each round's loads back to back, judged on the median of the rounds' ratios (paired.ts says why).
    const [a, b, c] = await inTurn(rounds, [
      () => load(one, connections, { seconds }, rate), () => load(many, connections, { seconds }, rate),
      () => loadTogether(separate, connections, seconds, rate),
    ]);
    out.set(store, {
      workers, rate, one: pick(median(a)), many: pick(median(b)), coordination: pairedRatio(b, a),
      separate: pick(median(c)), overSeparate: pairedRatio(b, c), separateOverOne: pairedRatio(c, a),
    });
  }
  return out;
}

const pick = (m: Measurement) => ({ cpuUs: m.cpuUs, preemptedPer100: m.preemptedPer100 });
const flatOut = (m: Measurement) => ({ rps: m.rps, cpuUs: m.cpuUs, preemptedPer100: m.preemptedPer100 });

export interface WorkersReport {
  readonly workers: number;
  readonly pinning: string;
  readonly rows: readonly WorkersRow[];
}

type Row = { readonly server: string; readonly scenario: string } & Measurement;

/** Scaling and coordination per store from the main rounds' rows (N = 1: one worker against itself). */
export function workersReport(rows: readonly Row[], workers: number, pinningNote: string, atRate: ReadonlyMap<string, AtRate> = new Map()): WorkersReport {
  const execute = (server: string) => rows.find((row) => row.server === server && row.scenario === WORKERS_SCENARIO);
  const out: WorkersRow[] = [];
  for (const store of ["embedded", "redis"] as const) {
    const one = execute(store);
    const many = workers <= 1 ? one : execute(workersServerName(store, workers));
    if (!one || !many) continue;
    out.push({
      store, workers, one: flatOut(one), many: flatOut(many),
      scaling: many.rps / Math.max(1, one.rps), coordination: many.cpuUs / Math.max(1, one.cpuUs), atRate: atRate.get(store),
    });
  }
  return { workers, pinning: pinningNote, rows: out };
}

export function printWorkers(report: WorkersReport): void {
  console.log(`\nworkers: ${WORKERS_SCENARIO}, 1 against ${report.workers} worker${report.workers === 1 ? "" : "s"} (WORKERS=${report.workers}; CPU of the whole process group), ${report.pinning}:`);
  for (const row of report.rows) {
    console.log(`  ${row.store.padEnd(9)} 1 worker ${row.one.rps} req/s ${row.one.cpuUs} µs/req; WORKERS=${row.workers} ${row.many.rps} req/s ${row.many.cpuUs} µs/req; scaling ${row.scaling.toFixed(2)}×, CPU/request ${row.coordination.toFixed(2)}×`);
    if (!row.atRate) continue;
    console.log(`  ${" ".repeat(9)} ${atRateText(row.atRate)}; flat out, ${preemptedText(row)}`);
    console.log(`  ${" ".repeat(9)} over ${row.workers} separate one-worker servers at the same load: ${separateText(row.atRate)}`);
    console.log(`  ${" ".repeat(9)} ${row.workers} separate one-worker servers over 1 worker at the same load: ${processesText(row.atRate)}`);
  }
}

export const atRateText = (at: AtRate): string =>
  `both at ${at.rate} req/s: 1 worker ${at.one.cpuUs} µs/req, WORKERS=${at.workers} ${at.many.cpuUs} µs/req, CPU/request ${at.coordination.toFixed(2)}× (${preemptedText(at)})`;

export const separateText = (at: AtRate): string =>
  `${at.overSeparate.toFixed(2)}× (WORKERS=${at.workers} ${at.many.cpuUs} µs/req vs ${at.workers} separate servers ${at.separate.cpuUs} µs/req, ${at.rate} req/s in all; preempted ${at.many.preemptedPer100} vs ${at.separate.preemptedPer100} times per 100 requests)`;

export const processesText = (at: AtRate): string =>
  `${at.separateOverOne.toFixed(2)}× (${at.workers} separate servers ${at.separate.cpuUs} µs/req vs 1 worker ${at.one.cpuUs} µs/req, ${at.rate} req/s in all; nothing shared between them)`;

type Preempted = Pick<Measurement, "preemptedPer100">;
export const preemptedText = ({ one, many }: { readonly one: Preempted; readonly many: Preempted }): string =>
  `preempted ${one.preemptedPer100} vs ${many.preemptedPer100} times per 100 requests`;
