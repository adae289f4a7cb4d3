// The event loop stays free while CPU-heavy tools run, proved by counts (light answers that arrived while the pool
// ran the heavy tasks), not by latencies: on a shared, loaded machine durations belong in the bench, not here.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogServer, median, startCatalogServer } from "./testing/catalog-server.ts";

/**
 * Heavy enough to hold a child for a while, light enough to end far inside the 10 s cap on a loaded machine: at load
 * average 14 on 2 cores both took 20 times their idle time. bcrypt cost 14 (≈ 2.7 s idle) then ran past the cap and
 * answered 504, as the contract says it should: no fault of the event loop, which is what this test is about.
 */
const BCRYPT = { password: "correct horse battery staple", rounds: 11 }; // ≈ 0.16 s idle
const HEAVY_PASSWORD = "Tr0ub4dor&3".repeat(3).slice(0, 32); // l33t substitutions: one of the costlier shapes, ≈ 0.15 s idle
const LIGHT = { algorithm: "sha256", text: "hello world" };
/** The server's test client shares this process: had a heavy task run on its event loop, no answer could arrive meanwhile. */
const MIN_ANSWERS_WHILE_HEAVY = 3;
/** A pause between light calls, so the test's own loop does not take the CPU the heavy tools need to end in their cap. */
const LIGHT_PAUSE_MS = 10;

let server: CatalogServer;

beforeAll(async () => {
  server = await startCatalogServer();
  // A tool gets its whole cap for running once a child takes it; waiting for the pool's boot is not part of the test.
  await server.poolReady();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe("event-loop responsiveness over HTTP", () => {
  it("keeps answering hash-text while bcrypt and password-strength run in the pool", async () => {
    const heavy = Promise.all([server.execute("bcrypt-hash", BCRYPT), server.execute("password-strength", { password: HEAVY_PASSWORD })]);
    let done = false;
    const finish = () => (done = true);
    heavy.then(finish, finish);
    const lightStatuses: number[] = [];
    const whileHeavy: number[] = [];
    while (!done) {
      const answer = await server.execute("hash-text", LIGHT);
      lightStatuses.push(answer.status);
      // Sampled as the answer arrives: was a heavy task still running in a child at that moment?
      if ((server.poolStats()?.running ?? 0) > 0) whileHeavy.push(answer.ms);
      await sleep(LIGHT_PAUSE_MS);
    }
    const [bcrypt, strength] = await heavy;
    expect([bcrypt.status, strength.status]).toEqual([200, 200]);
    expect(bcrypt.body.data.output.rounds).toBe(11);
    expect(strength.body.data.output).toHaveProperty("score");
    expect(lightStatuses.every((status) => status === 200)).toBe(true);
    expect(whileHeavy.length).toBeGreaterThanOrEqual(MIN_ANSWERS_WHILE_HEAVY);
    // For the record only; the bench is where latency is judged.
    console.log(`hash-text while heavy tools ran: ${whileHeavy.length} answers, median ${median(whileHeavy).toFixed(2)} ms, ` +
      `max ${Math.max(...whileHeavy).toFixed(1)} ms (bcrypt ${Math.round(bcrypt.ms)} ms, password-strength ${Math.round(strength.ms)} ms)`);
  }, 120_000);
});
