import { Agent } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSharedStore } from "../events/testing/kill-fixture.ts";
import { startServerProcess, waitUntil } from "../testing/process.ts";
import { count, ENTRY, execute, type LogLine } from "./testing/worker-requests.ts";

describe("WORKERS=2 with stdout a log file (a worker's writes of whole batches, not PIPE_BUF: workerBatchBytes)", () => {
  it("has every request's line whole in the file, from both workers, through bursts of 1,000 concurrent requests", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "workers-"));
    const logFile = join(dataDir, "server.log");
    const env = { DATA_DIR: dataDir, WORKERS: "2" };
    const server = await startServerProcess(env, ENTRY, [], { logFile });
    const store = await openSharedStore(env);
    try {
      const key = await store.core.keys.create({ name: "logged", limit: 100_000, windowSeconds: 86_400 });
      const agent = new Agent({ keepAlive: true, maxSockets: 64 });
      for (let burst = 0; burst < 3; burst++) {
        const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => execute(server.url, key.secret, i % 4 === 0 ? false : agent)));
        expect(count(answers, 200)).toBe(1000);
      }
      agent.destroy();
      const requestLines = () => server.output().split("\n").filter((text) => text.includes(`"keyId":"${key.id}"`));
      await waitUntil(async () => requestLines().length >= 3000, 10_000);
      // A line another worker's write landed inside would not parse, or would not end where its JSON does.
      const parsed = requestLines().map((text) => JSON.parse(text) as LogLine);
      expect(parsed.length).toBe(3000);
      expect(new Set(parsed.map((line) => line.worker)).size).toBe(2);
    } finally {
      server.child.kill("SIGKILL");
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
