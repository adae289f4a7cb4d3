// What a turn of the event loop costs each server beside its requests. At one connection every request is a turn of
// its own (it arrives, is answered, the loop sleeps); at the run's connections a turn serves many, and what each turn
// pays once (the wake-up, the poll, the store's one transaction or round trip, the check phase's passes) is shared. The
// WORKERS=N coordination figure meets exactly this: N workers at the same load serve smaller batches each and sleep
// more often, so a server whose turn costs much pays more a request, coordination or not (bench/README.md).
import { load } from "./load.ts";
import { inTurn } from "./paired.ts";
import { middle, type Scenario } from "./scenarios.ts";

/** The scenario of each server whose turn cost is measured: bare's only one, and the stores' execute. */
const MEASURED = [["bare", "bare POST"], ["embedded", "execute hash-text"], ["redis", "execute hash-text"]] as const;

export interface TurnCost {
  readonly server: string;
  readonly connections: number;
  /** Median CPU per request at one connection (one request a turn), µs. */
  readonly aloneUs: number;
  /** Median CPU per request at `connections`, µs. */
  readonly sharedUs: number;
}

/** Each measured server's scenario at 1 connection and at `connections`, `rounds` times in alternating order. */
export async function measureTurnCosts(scenarios: readonly Scenario[], connections: number, seconds: number, rounds: number): Promise<TurnCost[]> {
  const out: TurnCost[] = [];
  for (const [server, name] of MEASURED) {
    const scenario = scenarios.find((s) => s.describe().server === server && s.describe().scenario === name);
    if (!scenario) continue;
    const [alone, shared] = await inTurn(rounds, [() => load(scenario, 1, { seconds }), () => load(scenario, connections, { seconds })]);
    out.push({ server, connections, aloneUs: Math.round(middle(alone.map((m) => m.cpuUs))), sharedUs: Math.round(middle(shared.map((m) => m.cpuUs))) });
  }
  return out;
}

/** What a request costs more as a turn of its own than in a shared one: about what a turn costs beside its requests. */
const extraUs = (row: TurnCost): number => row.aloneUs - row.sharedUs;

export const turnCostText = (row: TurnCost): string =>
  `${(row.aloneUs / Math.max(1, row.sharedUs)).toFixed(2)}× (1 connection ${row.aloneUs} µs vs ${row.connections} connections ${row.sharedUs} µs a request: ${signed(extraUs(row))} µs when each request is a turn of its own)`;

const signed = (us: number): string => (us < 0 ? `−${-us}` : `+${us}`);
