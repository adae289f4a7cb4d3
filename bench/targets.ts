// The targets, each printed with its measured figure and "met" / "not met".
import type { Measurement } from "./scenarios.ts";

type Row = { readonly server: string; readonly scenario: string } & Measurement;

interface Target {
  readonly name: string;
  readonly measured: string;
  readonly met: boolean;
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Throughput ratios and tail latency against bare node:http, from one run's rows. */
export function evaluateTargets(rows: readonly Row[]): Target[] {
  const find = (server: string, scenario: string) => rows.find((row) => row.server === server && row.scenario === scenario);
  const bare = find("bare", "bare POST");
  if (!bare) return [];
  const targets: Target[] = [];
  for (const [server, minimum] of [["embedded", 0.75], ["redis", 0.6]] as const) {
    const execute = find(server, "execute hash-text");
    if (!execute) continue;
    targets.push({ name: `${server}: execute hash-text ≥ ${pct(minimum)} of bare req/s`, measured: pct(execute.rps / bare.rps), met: execute.rps / bare.rps >= minimum });
    targets.push({ name: `${server}: execute p99 ≤ 3× bare p99`, measured: `${execute.p99} ms vs ${bare.p99} ms`, met: execute.p99 <= 3 * bare.p99 });
    for (const refusal of ["401 bad key", "429 spent key"]) {
      const row = find(server, refusal);
      if (row) targets.push({ name: `${server}: ${refusal} no slower than execute`, measured: `${row.rps} vs ${execute.rps} req/s`, met: row.rps >= execute.rps });
    }
  }
  return targets;
}

export function printTargets(targets: readonly Target[], startUpMs: number | undefined): void {
  console.log("\ntargets (issue 12; ratios from this one run):");
  for (const target of targets) console.log(`  ${target.met ? "met    " : "NOT MET"}  ${target.name}: ${target.measured}`);
  if (startUpMs !== undefined) {
    console.log(`  ${startUpMs < 1000 ? "met    " : "NOT MET"}  start-up: spawn of the compiled server to its first healthy answer < 1000 ms: ${startUpMs} ms`);
  }
}
