import { createServer } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { SystemClock } from "../../system.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { openStorage } from "../open-storage.ts";
import { createKeyOn, execute, health, waitFor } from "../testing/instances.ts";
import { migrate } from "./migrate.ts";
import { createTestDatabase, findTestPostgres, postgresConfig, type TestDatabase } from "./testing/postgres.ts";
import { startTcpProxy, type TcpProxy } from "./testing/tcp-proxy.ts";

const available = await findTestPostgres();
/** The contract's bound on a 503 while storage cannot answer: one statement deadline plus one connection deadline. */
const ANSWERED_MS = 2000;
/** Room a loaded 2-core machine adds to what this client measures; a request held until the database returns never ends. */
const LOAD_SLACK_MS = 8000;
/** The contract sets no bound on recovery, only that it happens without a restart. */
const RECOVERY_MS = 20_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `count` execute calls, five at a time: every answer during the outage is seen, not only the first. */
async function calls(url: string, secret: string, count: number) {
  const results: Awaited<ReturnType<typeof execute>>[] = [];
  while (results.length < count) results.push(...(await Promise.all(Array.from({ length: 5 }, () => execute(url, secret)))));
  return results;
}

describe.skipIf(!available)("a server whose PostgreSQL fails (through a proxy the test cuts and stalls)", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: RunningServer;
  let key: { id: string; secret: string };
  const lines: string[] = [];
  const logged = (text: string) => lines.filter((line) => line.includes(text)).length;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    proxy = await startTcpProxy(Number(new URL(database.url).port || 5432));
    const url = new URL(database.url);
    url.port = String(proxy.port);
    const logger = createLogger("info", new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    server = await startServer(postgresConfig(url.toString()), { logger, tools: [hashText] });
    key = await createKeyOn(server, 1_000_000, 3600);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await database?.drop();
  });

  it("answers 503 (never 200) within 2 s while the database is cut off, health too, logs it once, and recovers without a restart", async () => {
    expect((await execute(server.url, key.secret)).status).toBe(200);
    lines.length = 0;
    proxy.cut();
    const outage = await calls(server.url, key.secret, 25);
    expect(new Set(outage.map((result) => `${result.status} ${result.errorCode}`))).toEqual(new Set(["503 service_unavailable"]));
    expect(Math.max(...outage.map((result) => result.ms))).toBeLessThan(ANSWERED_MS + LOAD_SLACK_MS);
    expect((await health(server.url)).status).toBe(503);
    proxy.restore();
    await waitFor(async () => (await execute(server.url, key.secret)).status === 200, RECOVERY_MS);
    expect((await health(server.url)).status).toBe(200);
    expect(logged("PostgreSQL connection lost")).toBe(1);
    expect(logged("PostgreSQL connection restored")).toBe(1);
  }, 60_000);

  it("answers 503 within 2 s while the database stalls on open connections, and 200 again once it answers", async () => {
    expect((await execute(server.url, key.secret)).status).toBe(200);
    proxy.stall();
    try {
      const stalled = await Promise.all([...Array.from({ length: 20 }, () => execute(server.url, key.secret)), health(server.url)]);
      for (const result of stalled) {
        expect(result.status).toBe(503);
        expect(result.ms).toBeLessThan(ANSWERED_MS + LOAD_SLACK_MS);
      }
    } finally {
      proxy.restore();
    }
    await waitFor(async () => (await execute(server.url, key.secret)).status === 200, RECOVERY_MS);
  }, 60_000);

  it("serves again at once after every connection is terminated by the server (pg_terminate_backend)", async () => {
    expect((await execute(server.url, key.secret)).status).toBe(200);
    const terminated = await database.sql("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database.name]);
    expect(terminated.rows[0].n).toBeGreaterThan(0);
    // Idle connections hear of it and leave the pool; the next request opens a new one.
    await waitFor(async () => (await execute(server.url, key.secret)).status === 200, RECOVERY_MS);
    expect((await calls(server.url, key.secret, 10)).map((result) => result.status)).toEqual(Array(10).fill(200));
  }, 60_000);
});

describe.skipIf(!available)("a start on a PostgreSQL that does not answer", () => {
  it("fails within the connect timeout with StorageUnavailableError naming the server, no password shown", async () => {
    const port = await freePort();
    const started = performance.now();
    const opening = openStorage(postgresConfig(`postgres://tools:s3cretpw@127.0.0.1:${port}/tools`), new SystemClock());
    const error = await opening.then(() => undefined, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toContain(`PostgreSQL at 127.0.0.1:${port}/tools is unreachable`);
    expect((error as Error).message).not.toContain("s3cretpw");
    expect(performance.now() - started).toBeLessThan(3000 + LOAD_SLACK_MS);
  });
});
