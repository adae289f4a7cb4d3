// Issue 27's ≤ 3% judged on instructions: what usage recording and metrics each add to an execute request, counted by
// callgrind on the server's main thread. On a quiet machine that count repeats within about 1% between runs, where req/s
// moves by up to 7% between two identical servers loaded side by side (bench/overhead.ts's noise floor). Callgrind
// counts user-space instructions only: the kernel's share of a request (a third of it, mostly writev) is not in the
// denominator, so the share a switch takes reads larger here than in CPU time.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "./load.ts";
import { ALL_ON, MAX_OVERHEAD, median, OVERHEAD_SCENARIO, type Switch, VARIANTS } from "./overhead.ts";
import { scenariosFor } from "./scenarios.ts";
import { type BenchServer, SERVER_HOST, startProduction } from "./servers.ts";
import type { Target } from "./targets.ts";

export interface InstructionCount {
  /** Instructions per request on the server's main thread: the event loop, whose time bounds a server's req/s. */
  readonly main: number;
  /** Per request on every other thread of the server (V8's concurrent GC and compilers, libuv): timing-dependent. */
  readonly others: number;
}

export interface InstructionReport {
  readonly what: string;
  readonly requests: number;
  readonly rounds: number;
  /** Medians over the rounds. */
  readonly on: InstructionCount;
  readonly off: InstructionCount;
  /** The median over rounds of (on − off) / on of the main thread's count: the share of the event loop's work the switch takes. */
  readonly cost: number;
}

export function callgrindAvailable(): boolean {
  return ["valgrind", "callgrind_control"].every((command) => spawnSync(command, ["--version"]).status === 0);
}

/**
 * Each judged switch of bench/overhead.ts against "all on": every server started under callgrind with instrumentation
 * off (≈ 5× slower, not 50×), warmed by `requests` sequential execute calls on one keep-alive connection, then counted
 * over `requests` more. Each round boots the three side by side (valgrind's start is the slow part), then counts them
 * one at a time, in an order reversed every round: a neighbour idling in epoll adds nothing to a main thread's count.
 */
export async function measureInstructions(requests: number, rounds: number): Promise<InstructionReport[]> {
  const variants = VARIANTS.filter((variant) => variant.judged);
  const servers = [ALL_ON, ...variants];
  const rows: Map<string, InstructionCount>[] = [];
  for (let round = 0; round < rounds; round++) {
    const booted = await Promise.allSettled((round % 2 === 0 ? servers : [...servers].reverse()).map(startUnderCallgrind));
    const row = new Map<string, InstructionCount>();
    try {
      for (const boot of booted) {
        if (boot.status === "rejected") throw boot.reason;
        row.set(boot.value.name, await countExecute(boot.value, requests));
      }
    } finally {
      // Together once all are counted: a counted server idles in epoll meanwhile, and each stop under valgrind (its
      // last dump written) took about a second that the next count waited for.
      await Promise.all(booted.map((boot) => (boot.status === "fulfilled" ? boot.value.stop() : undefined)));
    }
    rows.push(row);
  }
  const count = (row: Map<string, InstructionCount>, name: string) => row.get(name) as InstructionCount;
  return variants.map((variant) => ({
    what: variant.what,
    requests,
    rounds,
    on: medianCount(rows.map((row) => count(row, ALL_ON.name))),
    off: medianCount(rows.map((row) => count(row, variant.name))),
    // One cost per round, from counts taken minutes apart at most: the machine's load moves what timers do per request.
    cost: median(rows.map((row) => 1 - count(row, variant.name).main / count(row, ALL_ON.name).main)),
  }));
}

/** A switch's server under callgrind, instrumentation off; `stop` ends it and removes its dumps. */
interface CallgrindServer {
  readonly name: string;
  readonly running: BenchServer;
  readonly dir: string;
  stop(): Promise<void>;
}

async function startUnderCallgrind(server: Switch): Promise<CallgrindServer> {
  const dir = mkdtempSync(join(tmpdir(), "bench-callgrind-"));
  const wrapper = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--separate-threads=yes", `--callgrind-out-file=${join(dir, "callgrind.out")}`];
  try {
    const running = await startProduction({ ...server.options(), name: `${server.name} (callgrind)`, wrapper, readyTimeoutMs: 300_000 });
    // Once: a round stops its servers when all are counted, or whichever started when it fails.
    let stopped: Promise<void> | undefined;
    const stop = () => (stopped ??= running.stop().then(() => rmSync(dir, { recursive: true, force: true })));
    return { name: server.name, running, dir, stop };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function countExecute({ running, dir }: CallgrindServer, requests: number): Promise<InstructionCount> {
  const execute = scenariosFor(running).find((scenario) => scenario.describe().scenario === OVERHEAD_SCENARIO);
  if (!execute) throw new Error(`no ${OVERHEAD_SCENARIO} scenario`);
  await load(execute, 1, { amount: requests });
  await callgrindControl(["--instr=on", String(running.pid)]);
  await load(execute, 1, { amount: requests });
  await callgrindControl(["--dump", String(running.pid)]);
  return readDump(dir, requests);
}

/** callgrind_control finds the server through files named after USER and HOST, so it runs with the server's HOST. */
function callgrindControl(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile("callgrind_control", args, { env: { ...process.env, HOST: SERVER_HOST } }, (error, stdout, stderr) => (error ? reject(new Error(`callgrind_control ${args.join(" ")}: ${stderr || stdout}`)) : resolve()));
  });
}

/** The first dump's files, one per thread (`callgrind.out.1-01` is the main thread), each with its `totals:` line. */
function readDump(dir: string, requests: number): InstructionCount {
  let main = 0;
  let others = 0;
  for (const file of readdirSync(dir)) {
    const thread = /\.1-(\d+)$/.exec(file)?.[1];
    if (thread === undefined) continue;
    const total = Number(/^(?:totals|summary): (\d+)/m.exec(readFileSync(join(dir, file), "utf8"))?.[1] ?? 0);
    if (Number(thread) === 1) main += total;
    else others += total;
  }
  if (main === 0) throw new Error(`callgrind wrote no count for the main thread in ${dir}`);
  return { main: Math.round(main / requests), others: Math.round(others / requests) };
}

function medianCount(counts: readonly InstructionCount[]): InstructionCount {
  return { main: median(counts.map((count) => count.main)), others: median(counts.map((count) => count.others)) };
}

/** The judged targets (or why they were not measured): each switch's share of the main thread's instructions per execute request, ≤ 3%. */
export function instructionTargets(reports: readonly InstructionReport[] | { readonly skipped: string }): Target[] {
  if ("skipped" in reports) {
    return VARIANTS.filter((variant) => variant.judged).map(({ what }) => ({ name: costName(what), measured: `not measured: ${reports.skipped}`, met: undefined }));
  }
  return reports.map(({ what, requests, rounds, on, off, cost }) => ({
    name: costName(what),
    measured: `${pct(cost)} (callgrind, main thread, median of ${rounds} rounds of ${requests} requests: ${on.main} on vs ${off.main} off instructions/req; other threads ${on.others} vs ${off.others})`,
    met: cost <= MAX_OVERHEAD,
  }));
}

const costName = (what: string) => `embedded: ${what} costs ≤ ${pct(MAX_OVERHEAD)} of execute (instructions per request)`;
const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
