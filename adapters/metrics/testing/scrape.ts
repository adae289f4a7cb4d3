import parsePrometheusTextFormat from "parse-prometheus-text-format";

/** A scrape as Prometheus makes it: the status, the content type, the raw text and its families parsed. */
export interface Scrape {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
  readonly families: ReturnType<typeof parsePrometheusTextFormat>;
}

/** GET /metrics with `Authorization: Bearer <token>`; a body that is not the text format throws in the parser. */
export async function scrape(url: string, token: string): Promise<Scrape> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const families = response.status === 200 ? parsePrometheusTextFormat(text) : [];
  return { status: response.status, contentType: response.headers.get("content-type"), text, families };
}

/** The samples of one family whose labels include `labels`, or [] when the family is absent. */
export function samplesOf(scraped: Scrape, name: string, labels: Record<string, string> = {}) {
  const family = scraped.families.find((one) => one.name === name);
  return (family?.metrics ?? []).filter((sample) => Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value));
}

/** The value of a counter or gauge sample with exactly these labels (matched as a subset); undefined when absent. */
export function valueOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number | undefined {
  const [sample] = samplesOf(scraped, name, labels);
  return sample?.value === undefined ? undefined : Number(sample.value);
}

/** One histogram series read back: cumulative counts by `le`, the sum and the count. */
export interface HistogramSample {
  /** The series' labels, `le` aside. */
  readonly labels: Record<string, string>;
  readonly buckets: Record<string, number>;
  readonly sum: number;
  readonly count: number;
}

/**
 * The series of a histogram whose labels include `labels`, one per label set. The parser (1.1.1) merges every series
 * of a labelled histogram into one, so the text is parsed again with the histogram's HELP and TYPE lines left out: each
 * `_bucket`, `_sum` and `_count` line is then a sample of its own, labels kept.
 */
export function histogramOf(scraped: Scrape, name: string, labels: Record<string, string>): HistogramSample[] {
  const untyped = parsePrometheusTextFormat(scraped.text.split("\n").filter((line) => !line.startsWith(`# TYPE ${name} `) && !line.startsWith(`# HELP ${name} `)).join("\n"));
  // Untyped, a name's lines come back as one family per run of lines (several per name).
  const lines = (suffix: string) => untyped.filter((family) => family.name === `${name}${suffix}`).flatMap((family) => family.metrics)
    .filter((sample) => Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value));
  const series = new Map<string, HistogramSample & { sum: number; count: number }>();
  const entry = (sampleLabels: Record<string, string> = {}) => {
    const own = Object.fromEntries(Object.entries(sampleLabels).filter(([label]) => label !== "le"));
    const key = JSON.stringify(Object.entries(own).sort());
    if (!series.has(key)) series.set(key, { labels: own, buckets: {}, sum: Number.NaN, count: Number.NaN });
    return series.get(key) as HistogramSample & { sum: number; count: number };
  };
  for (const sample of lines("_bucket")) entry(sample.labels).buckets[sample.labels?.le ?? ""] = Number(sample.value);
  for (const sample of lines("_sum")) entry(sample.labels).sum = Number(sample.value);
  for (const sample of lines("_count")) entry(sample.labels).count = Number(sample.value);
  return [...series.values()];
}
