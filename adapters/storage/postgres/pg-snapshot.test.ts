import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SystemClock } from "../../system.ts";
import { openStorage, type Storage } from "../open-storage.ts";
import { createTestDatabase, findTestPostgres, postgresConfig, type TestDatabase } from "./testing/postgres.ts";
import { sortedIndexOf } from "../sorted-index.ts";
import type { ExportEntry } from "../snapshot/export-format.ts";
import { openPgSnapshot } from "./pg-snapshot.ts";

const hasPostgres = await findTestPostgres();

describe.skipIf(!hasPostgres)("the PostgreSQL store's snapshot", () => {
  let database: TestDatabase;
  let storage: Storage;
  beforeAll(async () => {
    database = await createTestDatabase();
    storage = await openStorage(postgresConfig(database.url), new SystemClock());
  });
  afterAll(async () => {
    await storage?.close();
    await database?.drop();
  });

  it("reads the database as committed when it began, whatever is written while it streams", async () => {
    const packs = storage.keyv<string[]>("workspace-packs");
    for (const id of ["ws_a", "ws_b", "ws_c"]) await packs.set(id, ["example"]);
    await storage.keyv("sessions").set("s1", { accountId: "acc_1" }, 60_000);
    const source = openPgSnapshot(database.url);
    const entries = source.entries()[Symbol.asyncIterator]();
    const read: ExportEntry[] = [];
    const first = await entries.next();
    if (!first.done) read.push(first.value);
    await packs.delete("ws_b");
    await packs.set("ws_d", ["example"]);
    await sortedIndexOf(storage.keyv("audit-log")).put("none", "late", "{}");
    for (let next = await entries.next(); !next.done; next = await entries.next()) read.push(next.value);
    await source.close();
    // Sessions are not exported; the writes made after the first entry are not in this snapshot.
    expect(read.map((entry) => (entry.kind === "record" ? `${entry.namespace}/${entry.key}` : entry.kind))).toEqual([
      "workspace-packs/ws_a", "workspace-packs/ws_b", "workspace-packs/ws_c",
    ]);
  });
});
