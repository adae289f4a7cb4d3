import { collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { LATENCY_BOUNDS_MS, outcomeSlot, UNKNOWN_TOOL, USAGE_OUTCOMES } from "../../domain/usage.ts";
import { toRouteTemplate } from "../http/route-list.ts";
import { packageVersion } from "../package-version.ts";
import { type CounterSeries, PendingCounter } from "./pending-counter.ts";
import { type PoolStatsSource, registerPoolMetrics } from "./pool-metrics.ts";
import { type HistogramSeries, SeriesHistogram } from "./series-histogram.ts";

/** The `route` label of a request no route matched: raw paths never become labels. */
export const UNMATCHED_ROUTE = "unmatched";

/** OpenTelemetry's advised bounds for `http.server.request.duration`, in seconds. */
export const REQUEST_DURATION_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] as const;

/** The usage API's latency buckets (≤ 1 ms … ≤ 2500 ms), in seconds: the tool histogram reads like the usage answer. */
export const TOOL_DURATION_BOUNDS: readonly number[] = LATENCY_BOUNDS_MS.map((ms) => ms / 1000);

/** The `method` label of any method outside KNOWN_METHODS (OpenTelemetry's `http.request.method` rule). */
export const OTHER_METHOD = "_OTHER";

/**
 * The methods of RFC 9110 plus PATCH, as OpenTelemetry lists them: node:http accepts 30-odd more (PROPFIND, MKCOL,
 * PURGE…), and each would open its own series for every route and status an anonymous client can reach.
 */
export const KNOWN_METHODS: ReadonlySet<string> = new Set(["CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"]);

export interface MetricsOptions {
  /** Whether a tool id is served (the catalog or an installed pack); any other id is counted as `(unknown)`. */
  readonly isTool: (toolId: string) => boolean;
  /** The tool process pool's counts, read at each scrape; absent when tools run inline (no pool series then). */
  readonly poolStats?: PoolStatsSource;
  /** Where the series live: a registry of its own by default; a worker of WORKERS passes one whose scrape sums every worker's. */
  readonly registry?: Registry;
}

/**
 * One server's metrics on a registry of its own (several servers in one process never share series). Every label
 * value comes from a bounded set: route templates, HTTP methods and statuses, served tool ids, fixed words. None
 * holds a key id, a secret or a raw path. The `count*` and `observe*` calls are plain additions on cached series.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered request; `route` is the matched route in h3 syntax (`/api/v1/execute/:tool`), undefined when none matched. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void;
  /** One execute call of a valid key (REST or MCP) by the status of its answer, and its duration from arrival to answer. */
  countToolExecution(toolId: string, status: number, seconds: number): void;
  /** One rate-limit unit asked for by a valid key. */
  countRateLimitDecision(allowed: boolean): void;
  /** One request answered 503 because storage could not answer. */
  countStorageError(route: string | undefined): void;
}

/**
 * How often the event-loop lag is sampled, ms. prom-client's default of 10 ms is a timer that wakes every process 100
 * times a second even when idle (6 ms of CPU a second per idle server, 1 ms without it), and each worker of WORKERS
 * the same: at 100 ms a stall of 100 ms or more is always seen and a shorter one in proportion to its length, which
 * still leaves a scrape every 15 s 150 samples for its percentiles.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** Builds the registry and its series: build info, the request histogram, the execute series, the pool and process metrics. */
export function createMetrics(options: MetricsOptions): Metrics {
  const registry = options.registry ?? new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  registerBuildInfo(registry);
  if (options.poolStats) registerPoolMetrics(registry, options.poolStats);
  const requests = new RequestSeries(registry);
  const tools = new ToolSeries(registry, options.isTool);
  const decisions = new PendingCounter(registry, "rate_limit_decisions_total", "Rate-limit units asked for by valid keys, by decision.", ["decision"]);
  const allowed = decisions.open({ decision: "allowed" });
  const limited = decisions.open({ decision: "limited" });
  const storage = new PendingCounter(registry, "storage_errors_total", "Requests answered 503 because storage could not answer, by route template.", ["route"]);
  const storageByRoute = new Map<string | undefined, CounterSeries>();
  return {
    registry,
    observeRequest: (method, route, status, seconds) => requests.observe(method, route, status, seconds),
    countToolExecution: (toolId, status, seconds) => tools.count(toolId, status, seconds),
    countRateLimitDecision: (isAllowed) => void ((isAllowed ? allowed : limited).pending += 1),
    countStorageError(route) {
      let series = storageByRoute.get(route);
      if (!series) storageByRoute.set(route, (series = storage.open({ route: toRouteLabel(route) })));
      series.pending += 1;
    },
  };
}

/** tool_execution_api_build_info{version, node_version} 1: which release and which Node a series came from. */
function registerBuildInfo(registry: Registry): void {
  const info = new Gauge({
    name: "tool_execution_api_build_info", help: "Always 1: the running package version and Node.js version, as labels.",
    labelNames: ["version", "node_version"], registers: [registry], aggregator: "first",
  });
  info.set({ version: packageVersion(), node_version: process.version }, 1);
}

/** A request's method as a label: itself when KNOWN_METHODS holds it, else `_OTHER`. */
export function toMethodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : OTHER_METHOD;
}

/** `/api/v1/execute/:tool` → `/api/v1/execute/{tool}`; no route → `unmatched`. */
export function toRouteLabel(route: string | undefined): string {
  return route === undefined ? UNMATCHED_ROUTE : toRouteTemplate(route);
}

/** http_server_request_duration_seconds, its series cached by route, then method, then status: no string is built per request. */
class RequestSeries {
  private readonly histogram = new SeriesHistogram(
    "http_server_request_duration_seconds", "Time from a request's arrival to its answer, by method, route template and status.", REQUEST_DURATION_BOUNDS,
  );
  private readonly byRoute = new Map<string | undefined, Map<string, Map<number, HistogramSeries>>>();

  constructor(registry: Registry) {
    registry.registerMetric(this.histogram.asMetric());
  }

  observe(rawMethod: string, route: string | undefined, status: number, seconds: number): void {
    // Mapped before the cache too: a made-up method never grows it.
    const method = toMethodLabel(rawMethod);
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = this.histogram.open({ method, route: toRouteLabel(route), status_code: String(status) })));
    this.histogram.observe(series, seconds);
  }
}

/** One served tool's series: its execute counts by outcome and its duration histogram. */
interface ToolEntry {
  readonly outcomes: readonly CounterSeries[];
  readonly duration: HistogramSeries;
}

/**
 * tool_executions_total and tool_execution_duration_seconds: one series per served tool (and outcome), opened on first
 * use; unknown ids share `(unknown)`.
 */
class ToolSeries {
  private readonly counter: PendingCounter<"tool" | "outcome">;
  private readonly durations = new SeriesHistogram(
    "tool_execution_duration_seconds", "Execute calls of valid keys (REST and MCP) from arrival to answer, by tool, in the usage API's buckets.", TOOL_DURATION_BOUNDS,
  );
  private readonly byTool = new Map<string, ToolEntry>();

  constructor(registry: Registry, private readonly isTool: (toolId: string) => boolean) {
    this.counter = new PendingCounter(registry, "tool_executions_total", "Execute calls of valid keys (REST and MCP), by tool and outcome.", ["tool", "outcome"]);
    registry.registerMetric(this.durations.asMetric());
  }

  count(toolId: string, status: number, seconds: number): void {
    let entry = this.byTool.get(toolId);
    if (!entry) {
      // Checked before caching, so ids a caller makes up never grow the map.
      const tool = this.isTool(toolId) ? toolId : UNKNOWN_TOOL;
      entry = this.byTool.get(tool) ?? { outcomes: USAGE_OUTCOMES.map((outcome) => this.counter.open({ tool, outcome })), duration: this.durations.open({ tool }) };
      this.byTool.set(tool, entry);
    }
    entry.outcomes[outcomeSlot(status)].pending += 1;
    this.durations.observe(entry.duration, seconds);
  }
}
