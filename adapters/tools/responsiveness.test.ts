import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogServer, type HttpAnswer, median, startCatalogServer } from "./testing/catalog-server.ts";

/** At password-strength's 128-character cap; l33t substitutions make it one of the costlier inputs (≈ 1–2 s). */
const HEAVY_PASSWORD = "Tr0ub4dor&3".repeat(12).slice(0, 128);
const LIGHT = { algorithm: "sha256", text: "hello world" };
/** Generous: the event loop must stay free, but two pegged worker threads on a 2-core machine still cost the main thread CPU. */
const MAX_SLOWDOWN = 20;
/** Medians below a millisecond are timer noise; comparing against them would turn jitter into a failure. */
const LATENCY_FLOOR_MS = 1;

let server: CatalogServer;

beforeAll(async () => {
  server = await startCatalogServer();
  // Warm both pool threads and load zxcvbn's dictionaries, so cold starts are not what gets measured.
  await Promise.all([
    server.execute("bcrypt-hash", { password: "warm", rounds: 4 }),
    server.execute("password-strength", { password: "warm-up" }),
  ]);
  await hashTextLatencies(5);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function hashText(): Promise<HttpAnswer> {
  const answer = await server.execute("hash-text", LIGHT);
  expect(answer.status).toBe(200);
  return answer;
}

async function hashTextLatencies(count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) latencies.push((await hashText()).ms);
  return latencies;
}

describe("event-loop responsiveness over HTTP", () => {
  it("keeps answering hash-text quickly while bcrypt (rounds 14) and a 128-char password-strength run", async () => {
    const atRest = await hashTextLatencies(30);
    const heavyStart = performance.now();
    const heavyCalls = [
      server.execute("bcrypt-hash", { password: "correct horse battery staple", rounds: 14 }),
      server.execute("password-strength", { password: HEAVY_PASSWORD }),
    ];
    let running = true;
    const heavy = Promise.all(heavyCalls).finally(() => (running = false));
    const during: number[] = [];
    while (running) {
      const answer = await hashText();
      if (running) during.push(answer.ms);
    }
    const [bcrypt, strength] = await heavy;
    const heavyMs = performance.now() - heavyStart;
    expect([bcrypt.status, strength.status]).toEqual([200, 200]);
    expect(bcrypt.body.data.output.rounds).toBe(14);

    const restMedian = Math.max(median(atRest), LATENCY_FLOOR_MS);
    const duringMedian = median(during);
    console.log(
      `hash-text median at rest ${median(atRest).toFixed(2)} ms, during heavy calls ${duringMedian.toFixed(2)} ms ` +
        `(max ${Math.max(...during).toFixed(1)} ms, ${during.length} requests); heavy calls took ${Math.round(heavyMs)} ms ` +
        `(bcrypt ${Math.round(bcrypt.ms)} ms, password-strength ${Math.round(strength.ms)} ms)`,
    );
    // Many light requests were answered while the heavy ones ran, each far faster than the heavy calls.
    expect(during.length).toBeGreaterThanOrEqual(10);
    expect(duringMedian / restMedian).toBeLessThan(MAX_SLOWDOWN);
    expect(heavyMs).toBeGreaterThan(50 * duringMedian);
    // Had either heavy call run on the event loop, some light request would have waited for most of it.
    expect(Math.max(...during)).toBeLessThan(heavyMs / 2);
  }, 90_000);
});
