// --soak N: N execute requests on one server, its RSS sampled ten times; "flat" is judged after the first tenth.
import type { BenchServer } from "./servers.ts";
import { load } from "./load.ts";
import { scenariosFor } from "./scenarios.ts";

export interface SoakReport {
  readonly requests: number;
  /** RSS in MiB before, then after each tenth of the requests. */
  readonly rssMiB: readonly number[];
  /** Growth from the end of the first tenth (warm: JIT, caches, pools) to the end, as a fraction. */
  readonly growth: number;
  readonly flat: boolean;
}

/** Growth allowed after warm-up for the RSS to count as flat. */
export const FLAT_GROWTH = 0.1;

export async function soak(server: BenchServer, requests: number, connections: number): Promise<SoakReport> {
  const execute = scenariosFor(server).find((scenario) => scenario.id.endsWith("execute hash-text"));
  if (!execute) throw new Error("soak needs a project server");
  const mib = () => Math.round((server.rss() / 2 ** 20) * 10) / 10;
  const rssMiB = [mib()];
  const step = Math.ceil(requests / 10);
  for (let done = 0; done < requests; done += step) {
    await load(execute, connections, { amount: Math.min(step, requests - done) });
    rssMiB.push(mib());
    process.stdout.write(`  soak: ${Math.min(done + step, requests)} requests, RSS ${rssMiB.at(-1)} MiB\n`);
  }
  const growth = (rssMiB.at(-1) as number) / rssMiB[1] - 1;
  return { requests, rssMiB, growth, flat: growth <= FLAT_GROWTH };
}
