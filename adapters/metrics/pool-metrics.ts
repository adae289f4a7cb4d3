import { Counter, Gauge, type Registry } from "prom-client";
import type { PoolStats } from "../tools/process-pool.ts";

/** The pool's counts as read at a scrape; undefined before the pool has started (every series then reads 0). */
export type PoolStatsSource = () => PoolStats | undefined;

/**
 * The tool process pool, read with collect() at each scrape (nothing on the request path): tasks running, children
 * idle, tasks queued, capacity; and since start, children replaced, tasks timed out, tasks refused (server_busy),
 * tasks dropped unstarted because their caller left.
 */
export function registerPoolMetrics(registry: Registry, stats: PoolStatsSource): void {
  const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({ name, help, registers: [registry], collect() { this.set(readOrZero(stats, read)); } });
  const counter = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Counter({ name, help, registers: [registry], collect() { this.reset(); this.inc(readOrZero(stats, read)); } });
  gauge("tool_pool_busy", "Isolated tool tasks running in a child process now.", (s) => s.running);
  gauge("tool_pool_idle", "Tool child processes ready and free now.", (s) => s.idle);
  gauge("tool_pool_queued", "Isolated tool tasks waiting for a child now.", (s) => s.queued);
  gauge("tool_pool_capacity", "Isolated tool tasks that may run at once (TOOL_CONCURRENCY).", (s) => s.capacity);
  // Each task that outlived its cap or lost its child takes that child down, and the pool starts a new one at once.
  counter("tool_pool_restarts_total", "Tool child processes replaced after a task killed or lost them.", (s) => s.timedOut + s.died);
  counter("tool_pool_timeouts_total", "Isolated tool tasks stopped at their time cap (tool_timeout).", (s) => s.timedOut);
  counter("tool_pool_refused_total", "Isolated tool tasks refused before running (server_busy).", (s) => s.refused);
  counter("tool_pool_abandoned_total", "Isolated tool tasks dropped before running because their caller left.", (s) => s.abandoned);
}

function readOrZero(stats: PoolStatsSource, read: (stats: PoolStats) => number): number {
  const current = stats();
  return current === undefined ? 0 : read(current);
}
