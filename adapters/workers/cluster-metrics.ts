import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, Registry } from "prom-client";
import { type PoolStatsSource, registerPoolMetrics } from "../metrics/pool-metrics.ts";

/** One worker's series as `getMetricsAsJSON` gives them. */
type Series = object[];

/** How long a scrape waits for the workers' series: a worker that does not answer in time is left out of that scrape. */
const COLLECT_TIMEOUT_MS = 2_000;

type Message =
  | { readonly kind: "tool-api:metrics-scrape"; readonly id: string }
  | { readonly kind: "tool-api:metrics-collect"; readonly id: string }
  | { readonly kind: "tool-api:metrics-json"; readonly id: string; readonly metrics: Series }
  | { readonly kind: "tool-api:metrics-text"; readonly id: string; readonly text: string };

const isMessage = (message: unknown): message is Message =>
  typeof message === "object" && message !== null && String((message as { kind?: unknown }).kind).startsWith("tool-api:metrics-");

/**
 * A worker's registry whose scrape is the whole server's: GET /metrics reaches one worker (node:cluster hands the
 * connection to any), so that worker asks the primary, which gathers every worker's series and sums them
 * (prom-client's cluster aggregation: counters and histograms added, gauges by each one's `aggregator`).
 */
export class WorkerRegistry extends Registry {
  private readonly waiting = new Map<string, (text: string) => void>();

  constructor() {
    super();
    process.on("message", (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.kind === "tool-api:metrics-collect") {
        void this.getMetricsAsJSON().then((metrics) => process.send?.({ kind: "tool-api:metrics-json", id: message.id, metrics } satisfies Message));
      } else if (message.kind === "tool-api:metrics-text") {
        this.waiting.get(message.id)?.(message.text);
        this.waiting.delete(message.id);
      }
    });
  }

  override metrics(): Promise<string> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error("the primary did not answer a metrics scrape"));
      }, COLLECT_TIMEOUT_MS * 2).unref();
      this.waiting.set(id, (text) => {
        clearTimeout(timer);
        resolve(text);
      });
      process.send?.({ kind: "tool-api:metrics-scrape", id } satisfies Message);
    });
  }
}

/**
 * The primary's side: answers a worker's scrape with every live worker's series, summed, and the series of the tool
 * pool the primary holds for all of them (`poolStats`; shared-tool-pool.ts), counted once.
 */
export function serveClusterScrapes(poolStats?: PoolStatsSource): void {
  const own = new Registry();
  if (poolStats) registerPoolMetrics(own, poolStats);
  cluster.on("message", (from: Worker, message: unknown) => {
    if (!isMessage(message) || message.kind !== "tool-api:metrics-scrape") return;
    void gather(message.id, own).then((text) => {
      if (!from.isDead()) from.send({ kind: "tool-api:metrics-text", id: message.id, text } satisfies Message);
    });
  });
}

async function gather(id: string, own: Registry): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
  const replies = await Promise.all([own.getMetricsAsJSON(), ...workers.map((worker) => collect(worker, id))]);
  return AggregatorRegistry.aggregate(replies.filter((reply): reply is Series => reply !== undefined)).metrics();
}

function collect(worker: Worker, id: string): Promise<Series | undefined> {
  return new Promise((resolve) => {
    const done = (metrics: Series | undefined) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      resolve(metrics);
    };
    const onMessage = (message: unknown) => {
      if (isMessage(message) && message.kind === "tool-api:metrics-json" && message.id === id) done(message.metrics);
    };
    const timer = setTimeout(() => done(undefined), COLLECT_TIMEOUT_MS);
    worker.on("message", onMessage);
    worker.send({ kind: "tool-api:metrics-collect", id } satisfies Message);
  });
}
