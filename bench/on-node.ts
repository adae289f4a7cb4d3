// `npm run -s bench -- --node PATH [--node PATH2]`: the whole bench once per node binary, one after the other in this
// one run, then the headline figures side by side. Each pass runs under that node entirely (the servers, their tool
// processes, the keys CLI and the load generator), so its ratios to bare node:http compare like with like; the
// server CPU per request is the kernel's count for the server alone, whatever drives it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RedisCommandsReport } from "./redis-commands.ts";
import type { AtRate, WorkersReport } from "./workers.ts";

interface PassResults {
  readonly node: string;
  readonly rows: readonly { id: string; rps: number; p99: number; cpuUs: number }[];
  readonly ratios: readonly { id: string; ratio: number }[];
  readonly startUp?: { medianMs: number };
  readonly scaling?: { oneRps: number; twoRps: number; ratio: number };
  readonly overheads?: readonly { what: string; cost: number; cpuCost: number }[];
  readonly instructions?: readonly { what: string; cost: number }[] | { skipped: string };
  readonly workers?: WorkersReport;
  readonly redisCommands?: RedisCommandsReport;
}

/** Runs bench/run.ts with `args` (its options, --node removed) under each node in turn; returns the exit code. */
export function runOnEachNode(nodes: readonly string[], args: readonly string[]): number {
  const dir = mkdtempSync(join(tmpdir(), "bench-nodes-"));
  const passes: PassResults[] = [];
  let code = 0;
  try {
    for (const [index, node] of nodes.entries()) {
      const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
      console.log(`\n=== bench on Node ${version} (${node}) ===`);
      const results = join(dir, `${index}.json`);
      const run = spawnSync(node, ["--import", "tsx", join(import.meta.dirname, "run.ts"), ...args], {
        stdio: "inherit", env: { ...process.env, BENCH_RESULTS: results },
      });
      if (run.status !== 0) {
        code = run.status ?? 1;
        continue;
      }
      passes.push(JSON.parse(readFileSync(results, "utf8")) as PassResults);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  printSideBySide(passes);
  writeFileSync(join(import.meta.dirname, "results.json"), `${JSON.stringify({ passes }, null, 2)}\n`);
  return code;
}

function printSideBySide(passes: readonly PassResults[]): void {
  if (passes.length === 0) return;
  const head = passes.map((pass) => `${pass.node} req/s`.padStart(16) + "CPU µs".padStart(8) + "of bare".padStart(9)).join("");
  console.log(`\n=== side by side (one run) ===\n${"scenario".padEnd(42)}${head}`);
  for (const { id } of passes[0].rows) {
    const cells = passes.map((pass) => {
      const row = pass.rows.find((candidate) => candidate.id === id);
      const ratio = pass.ratios.find((candidate) => candidate.id === id)?.ratio;
      return String(row?.rps ?? "-").padStart(16) + String(row?.cpuUs ?? "-").padStart(8) + (ratio === undefined ? "" : `${(ratio * 100).toFixed(1)}%`).padStart(9);
    });
    console.log(`${id.padEnd(42)}${cells.join("")}`);
  }
  for (const pass of passes) {
    const scaling = pass.scaling ? `; two instances on one Redis ${pass.scaling.twoRps} req/s vs one ${pass.scaling.oneRps} (${pass.scaling.ratio.toFixed(2)}×)` : "";
    const counted = Array.isArray(pass.instructions) ? pass.instructions : [];
    const instructions = counted.map(({ what, cost }) => `; ${what} costs ${percent(cost)} of execute's instructions`).join("");
    const overheads = (pass.overheads ?? []).map(({ what, cost, cpuCost }) => `; ${what} takes ${percent(cost)} of execute req/s (CPU ${percent(cpuCost)})`).join("");
    console.log(`${pass.node}: start-up ${pass.startUp?.medianMs ?? "-"} ms${scaling}${instructions}${overheads}`);
    for (const row of pass.workers?.rows ?? []) {
      console.log(`${pass.node}: ${row.store} ${row.workers} workers ${row.many.rps} req/s ${row.many.cpuUs} µs/req vs 1 worker ${row.one.rps} req/s ${row.one.cpuUs} µs/req: scaling ${row.scaling.toFixed(2)}× (${pass.workers?.pinning}), CPU/request ${row.coordination.toFixed(2)}×${atRate(row.atRate)}`);
    }
    if (pass.redisCommands) console.log(`${pass.node}: Redis commands per execute ${pass.redisCommands.perExecute.toFixed(3)} (${pass.redisCommands.counted})`);
  }
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const atRate = (at: AtRate | undefined) =>
  (at ? `; at ${at.rate} req/s CPU/request ${at.coordination.toFixed(2)}×, ${at.overSeparate.toFixed(2)}× ${at.workers} separate servers', which cost ${at.separateOverOne.toFixed(2)}× one worker's` : "");
