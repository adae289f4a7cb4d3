import type { BenchServer } from "./servers.ts";

export interface Measurement {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  /** CPU time (user + system) of the server and its tool processes per request, µs: what the load generator cannot skew. */
  readonly cpuUs: number;
  /** Involuntary context switches of the server's threads per 100 requests (process-cpu.ts treePreemptions). */
  readonly preemptedPer100: number;
  /** Of cpuUs, what the threads other than each process's event loop took (process-cpu.ts treeOffMainTicks). */
  readonly offMainUs: number;
}

export interface Scenario {
  readonly id: string;
  readonly request: { url: string; method: "POST"; headers: Record<string, string>; body: string };
  readonly expectStatus: number;
  /** The server process, whose CPU time is measured around the load. */
  readonly pid: number;
  describe(): { id: string; server: string; scenario: string };
}

const JSON_10KB = JSON.stringify(Array.from({ length: 160 }, (_, i) => ({ id: i, name: `item-${i}`, tags: ["a", "b"], ok: i % 2 === 0 })));

/** The scenarios each server runs: a keyless baseline one POST, a project server four. */
export function scenariosFor(server: BenchServer): Scenario[] {
  const make = (scenario: string, path: string, key: string | undefined, input: unknown, expectStatus: number): Scenario => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (key) headers["x-api-key"] = key;
    return {
      id: `${server.name}:${scenario}`,
      request: { url: server.url + path, method: "POST", headers, body: JSON.stringify({ input }) },
      expectStatus,
      pid: server.pid,
      describe: () => ({ id: `${server.name}:${scenario}`, server: server.name, scenario }),
    };
  };
  if (!server.keys) return [make(`${server.name} POST`, "/", undefined, { x: 1 }, 200)];
  const { unlimited, spent } = server.keys;
  const hash = { algorithm: "sha256", text: "hello world" };
  return [
    make("execute hash-text", "/api/v1/execute/hash-text", unlimited, hash, 200),
    make("execute json-formatter 10KB", "/api/v1/execute/json-formatter", unlimited, { json: JSON_10KB, indent: 2 }, 200),
    make("401 bad key", "/api/v1/execute/hash-text", spent.replace(/.$/, (c) => (c === "A" ? "B" : "A")), hash, 401),
    make("429 spent key", "/api/v1/execute/hash-text", spent, hash, 429),
  ];
}

/** The median of `values` (the upper middle of an even count). */
export function middle(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

export function median(samples: readonly Measurement[]): Measurement {
  return {
    rps: Math.round(middle(samples.map((s) => s.rps))),
    p50: middle(samples.map((s) => s.p50)),
    p99: middle(samples.map((s) => s.p99)),
    requests: samples.reduce((sum, s) => sum + s.requests, 0),
    cpuUs: Math.round(middle(samples.map((s) => s.cpuUs))),
    preemptedPer100: Math.round(middle(samples.map((s) => s.preemptedPer100))),
    offMainUs: Math.round(middle(samples.map((s) => s.offMainUs))),
  };
}

type Row = ReturnType<Scenario["describe"]> & Measurement;

/** Prints the table, then the ratios to bare node:http last; returns the same as data for results.json. */
export function printReport(rows: Row[], rssBefore: Record<string, number>, rssAfter: Record<string, number>, settings: object) {
  const bare = rows.find((row) => row.server === "bare")?.rps ?? 1;
  console.log(`\n${"scenario".padEnd(42)}${"req/s".padStart(10)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"CPU µs/req".padStart(12)}${"off-main".padStart(10)}`);
  for (const row of rows) {
    const cells = String(row.rps).padStart(10) + [row.p50, row.p99].map((ms) => ms.toFixed(2).padStart(9)).join("");
    console.log(`${`${row.server}: ${row.scenario}`.padEnd(42)}${cells}${String(row.cpuUs).padStart(12)}${String(row.offMainUs).padStart(10)}`);
  }
  console.log("(CPU µs/req: user + system time of the server and its tool processes per request, as the kernel counts it;");
  console.log(" off-main: the part of it on threads other than each process's event loop, V8's garbage-collector and compiler helpers above all)");
  console.log("\nserver RSS (MiB) before → after the run:");
  for (const name of Object.keys(rssBefore)) {
    console.log(`  ${name.padEnd(10)} ${(rssBefore[name] / 2 ** 20).toFixed(1)} → ${(rssAfter[name] / 2 ** 20).toFixed(1)}`);
  }
  const ratios = rows.filter((row) => row.server !== "bare").map((row) => ({ id: row.id, ratio: Math.round((row.rps / bare) * 1000) / 1000 }));
  console.log("\nratio to bare node:http (req/s):");
  for (const { id, ratio } of ratios) console.log(`  ${id.padEnd(40)} ${(ratio * 100).toFixed(1)}%`);
  return { date: new Date().toISOString(), node: process.version, settings, rows, rssBefore, rssAfter, ratios };
}
