import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterUnavailable, startTestCluster, type TestCluster } from "../testing/redis-cluster.ts";
import { entriesOf, expiriesOf, populate, runToolApi } from "./testing/moved-store.ts";

const unavailable = clusterUnavailable();
if (unavailable) console.warn(`\n*** SKIPPING the Redis Cluster export tests: ${unavailable} ***\n`);

// A cluster spreads the records over its masters: an export must SCAN each of them, an import routes each write.
describe.skipIf(unavailable !== undefined)("tool-api export and import on a Redis Cluster", () => {
  let cluster: TestCluster;
  const dir = mkdtempSync(join(tmpdir(), "tool-api-export-cluster-"));
  beforeAll(async () => {
    cluster = await startTestCluster();
  });
  afterAll(async () => {
    await cluster?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it("takes an embedded store's export and gives back the same entries, read from every master", async () => {
    const source = { DATA_DIR: join(dir, "data") };
    const target = { REDIS_CLUSTER: cluster.urls.join(","), REDIS_PREFIX: "moved:" };
    await populate(source);
    const file = join(dir, "source.jsonl");
    expect((await runToolApi(["export", "--output", file], source)).code).toBe(0);
    const imported = await runToolApi(["import", "--input", file], target);
    expect(imported.code, imported.stderr).toBe(0);
    const back = await runToolApi(["export"], target);
    expect(back.code, back.stderr).toBe(0);
    const exported = readFileSync(file, "utf8");
    expect(JSON.parse(back.stdout.split("\n")[0])).toMatchObject({ source: "redis-cluster" });
    expect(entriesOf(back.stdout)).toEqual(entriesOf(exported));
    const later = expiriesOf(back.stdout);
    for (const [entry, expiresAt] of expiriesOf(exported)) expect(Math.abs((later.get(entry) ?? NaN) - expiresAt), entry).toBeLessThan(5_000);
    // The keys really are spread: more than one master holds some.
    const holders = await Promise.all(cluster.nodes.map(async (node) => (await runRedisCli(node.port, "dbsize")) > 0));
    expect(holders.filter(Boolean).length).toBeGreaterThan(1);
  }, 300_000);
});

/** A number one node answers (`redis-cli -p PORT COMMAND`). */
function runRedisCli(port: number, command: string): Promise<number> {
  return new Promise((resolve, reject) => execFile("redis-cli", ["-p", String(port), command], (error, stdout) => (error ? reject(error) : resolve(Number(stdout.trim())))));
}
