import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openEmbeddedStorage, type Storage } from "../open-storage.ts";
import { sortedIndexOf } from "../sorted-index.ts";
import type { ExportEntry } from "../snapshot/export-format.ts";
import { openLmdbSnapshot } from "./lmdb-snapshot.ts";

describe("the embedded store's snapshot", () => {
  let dir: string;
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
    storage = undefined;
    await rm(dir, { recursive: true, force: true });
  });
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), "lmdb-snapshot-"));
    storage = openEmbeddedStorage(dir);
    return storage;
  };
  const drain = async (entries: AsyncIterator<ExportEntry>, first: ExportEntry[] = []) => {
    for (let next = await entries.next(); !next.done; next = await entries.next()) first.push(next.value);
    return first;
  };

  it("reads the store as committed when it began, whatever is written while it streams", async () => {
    const store = open();
    const packs = store.keyv<string[]>("workspace-packs");
    for (const id of ["ws_a", "ws_b", "ws_c"]) await packs.set(id, ["example"]);
    const source = openLmdbSnapshot(dir);
    const entries = source.entries()[Symbol.asyncIterator]();
    const first = await entries.next();
    await packs.delete("ws_b");
    await packs.set("ws_d", ["example"]);
    await sortedIndexOf(store.keyv("audit-log")).put("none", "late", "{}");
    const read = await drain(entries, first.done ? [] : [first.value]);
    await source.close();
    expect(read.map((entry) => (entry.kind === "record" ? entry.key : entry.kind))).toEqual(["ws_a", "ws_b", "ws_c"]);
  });

  it("leaves out sessions, one-time tokens and expired records, and keeps the expiry of the rest", async () => {
    const store = open();
    await store.keyv("sessions").set("s1", { accountId: "acc_1" }, 60_000);
    await store.keyv("dashboard-flash").set("t1", "acc_1", 60_000);
    await store.keyv("invitations").set("gone", { id: "gone" }, 1);
    await store.keyv("invitations").set("live", { id: "live" }, 3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const source = openLmdbSnapshot(dir);
    const read = await drain(source.entries()[Symbol.asyncIterator]());
    await source.close();
    expect(read).toEqual([{ kind: "record", namespace: "invitations", key: "live", value: { id: "live" }, expiresAt: expect.any(Number) }]);
    const [live] = read as Array<{ expiresAt: number }>;
    expect(Math.abs(live.expiresAt - (Date.now() + 3_600_000))).toBeLessThan(5_000);
  });

  it("refuses a DATA_DIR with no store rather than exporting nothing", () => {
    dir = mkdtempSync(join(tmpdir(), "lmdb-snapshot-"));
    expect(() => openLmdbSnapshot(join(dir, "typo"))).toThrow(/no embedded store under DATA_DIR/);
  });
});
