import type { Metric, MetricValueWithName } from "prom-client";

/** One label set's counts: `buckets[i]` holds observations in (bounds[i-1], bounds[i]]; the last slot is past every bound. */
export interface HistogramSeries {
  readonly labels: Readonly<Record<string, string>>;
  readonly buckets: Float64Array;
  sum: number;
}

/**
 * A Prometheus histogram whose label sets are resolved once and kept: an observation is one bucket search and two
 * additions on a series the caller holds. prom-client's own child `observe` hashes its label object on every call
 * (measured here: 0.9-1.7 µs, against a request budget of a few µs), so this collector only borrows prom-client's
 * registry and text exposition (it has the shape of a prom-client metric).
 */
export class SeriesHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum" as const;
  private readonly series: HistogramSeries[] = [];

  constructor(readonly name: string, readonly help: string, private readonly bounds: readonly number[]) {}

  /** A new series; the caller caches it per label set (two calls with the same labels would give two series). */
  open(labels: Readonly<Record<string, string>>): HistogramSeries {
    const series = { labels, buckets: new Float64Array(this.bounds.length + 1), sum: 0 };
    this.series.push(series);
    return series;
  }

  /** Counts `value` (seconds, or whatever unit the bounds are in) in `series`. */
  observe(series: HistogramSeries, value: number): void {
    const bounds = this.bounds;
    let slot = 0;
    while (slot < bounds.length && value > bounds[slot]) slot++;
    series.buckets[slot]++;
    series.sum += value;
  }

  /** prom-client's exposition shape: cumulative `_bucket` lines with `le`, then `_sum` and `_count`, per series. */
  async get() {
    const values: MetricValueWithName<string>[] = [];
    for (const { labels, buckets, sum } of this.series) {
      let cumulative = 0;
      this.bounds.forEach((bound, slot) => {
        cumulative += buckets[slot];
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
      });
      cumulative += buckets[this.bounds.length];
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: "+Inf" }, value: cumulative });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: cumulative });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** Registry.resetMetrics() calls this: every series back to zero (the cached series stay valid). */
  reset(): void {
    for (const series of this.series) {
      series.buckets.fill(0);
      series.sum = 0;
    }
  }

  /** Typed as prom-client's Metric for `registry.registerMetric`, which only reads name, get() and reset(). */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
