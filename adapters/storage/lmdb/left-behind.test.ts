import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { startServer } from "../../server.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "../testing/redis.ts";
import { openEmbeddedStorage } from "./embedded-storage.ts";
import { embeddedStoreHasRecords } from "./left-behind.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "left-behind-"));
  dirs.push(dir);
  return dir;
}

async function withOneRecord(dir: string): Promise<void> {
  const storage = openEmbeddedStorage(dir);
  await storage.keyv<string>("accounts").set("a1", "someone");
  await storage.close();
}

describe("records left behind in DATA_DIR", () => {
  it("finds an embedded store's records, and none in an empty directory or an opened but empty store", async () => {
    const empty = scratch();
    expect(embeddedStoreHasRecords(empty)).toBe(false);
    const opened = scratch();
    await openEmbeddedStorage(opened).close();
    expect(embeddedStoreHasRecords(opened)).toBe(false);
    const used = scratch();
    await withOneRecord(used);
    expect(embeddedStoreHasRecords(used)).toBe(true);
  });

  it("a server started on Redis says at start that DATA_DIR still holds records, naming tool-api export and import", async (context) => {
    const redisUrl = await findTestRedis();
    if (!redisUrl) return context.skip();
    const dir = scratch();
    await withOneRecord(dir);
    const prefix = uniquePrefix("left-behind");
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir, REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    if (!config.ok) throw new Error(config.error.join("; "));
    const server = await startServer(config.value, { logger: createLogger("info", sink) });
    try {
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.msg.includes("DATA_DIR holds an embedded store"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0].msg).toMatch(/tool-api export.*tool-api import/);
    } finally {
      await server.close();
      await deleteKeysUnder(redisUrl, prefix);
    }
  });
});
