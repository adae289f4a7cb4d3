import { Counter, type Registry } from "prom-client";

/** One label set of a PendingCounter: the hot path adds to `pending`, the next scrape moves it into the counter. */
export interface CounterSeries {
  readonly labels: Readonly<Record<string, string>>;
  pending: number;
}

/**
 * A prom-client Counter fed from plain numbers: `series.pending++` on the request path (prom-client's child `inc`
 * hashes its labels on every call, ≈ 0.6 µs measured here), folded into the counter when it is scraped.
 */
export class PendingCounter<L extends string> {
  private readonly series: CounterSeries[] = [];

  constructor(registry: Registry, name: string, help: string, labelNames: readonly L[]) {
    const series = this.series;
    new Counter({
      name, help, labelNames, registers: [registry],
      collect() {
        for (const one of series) {
          // inc by 0 too: a series opened but not yet counted is shown as 0, not absent.
          this.inc(one.labels as Record<L, string>, one.pending);
          one.pending = 0;
        }
      },
    });
  }

  /** A new series, shown as 0 until counted; the caller caches it per label set. */
  open(labels: Readonly<Record<L, string>>): CounterSeries {
    const series = { labels, pending: 0 };
    this.series.push(series);
    return series;
  }
}
