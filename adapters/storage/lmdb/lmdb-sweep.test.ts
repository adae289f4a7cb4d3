import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Session } from "../../../domain/session.ts";
import { FixedClock } from "../../system.ts";
import { KeyvSessionStore } from "../keyv-session-store.ts";
import { openLmdb } from "./lmdb-keyv-store.ts";
import { sweepExpired } from "./lmdb-sweep.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const session = (id: string): Session => ({ id, accountId: "acc_1", workspaceId: "ws_1", csrfToken: "t", createdAt: 0, lastSeenAt: 0 });

/** The raw entries under a namespace, as LMDB holds them (expired or not). */
const entriesUnder = (db: ReturnType<typeof openLmdb>["db"], namespace: string) =>
  [...db.getRange({ start: `${namespace}:` })].filter(({ key }) => key.startsWith(`${namespace}:`)).map(({ key }) => key);

describe("sweepExpired on LMDB", () => {
  it("removes expired sessions from disk and keeps live ones and other namespaces", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lmdb-sweep-"));
    dirs.push(dir);
    const lmdb = openLmdb(dir);
    const clock = new FixedClock(Date.now());
    const sessions = new KeyvSessionStore(lmdb.keyv("sessions"), clock, lmdb.keyv("account-sessions"));
    for (let i = 0; i < 1_200; i++) await sessions.save(session(`old${i}`), clock.now() + 1_000);
    await sessions.save(session("live"), clock.now() + 3_600_000);
    await lmdb.keyv("accounts").set("acc_1", { id: "acc_1" });
    expect(entriesUnder(lmdb.db, "sessions")).toHaveLength(1_201);

    // Keyv stamps expiries with Date.now(); the sweep is given a clock two seconds ahead of it.
    const removed = await sweepExpired(lmdb.db, ["sessions"], () => Date.now() + 2_000);
    expect(removed).toBe(1_200);
    expect(entriesUnder(lmdb.db, "sessions")).toEqual(["sessions:live"]);
    expect(await sessions.find("live")).toBeDefined();
    expect(entriesUnder(lmdb.db, "accounts")).toEqual(["accounts:acc_1"]);
    await lmdb.close();
  });

  // Found beside another suite: the sweep an embedded store starts 1 s after opening read one record of the namespace
  // sorted after each of its own, and account-stores.test.ts counted those bytes as a membership's.
  it("reads no record outside the namespaces it sweeps", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lmdb-sweep-"));
    dirs.push(dir);
    const lmdb = openLmdb(dir);
    await lmdb.db.put("sessions:expired", JSON.stringify({ value: 1, expires: 1 }));
    for (const key of ["sessions;", "sessionsz:1", "t:1"]) await lmdb.db.put(key, JSON.stringify({ value: key, expires: 1 }));
    const read: string[] = [];
    const getRange = lmdb.db.getRange.bind(lmdb.db);
    lmdb.db.getRange = ((options: Parameters<typeof getRange>[0]) => getRange(options).map((entry) => (read.push(String(entry.key)), entry))) as typeof lmdb.db.getRange;
    expect(await sweepExpired(lmdb.db, ["sessions"], () => 2)).toBe(1);
    expect(read).toEqual(["sessions:expired"]);
    await lmdb.close();
  });

  it("keeps what it cannot read as a Keyv record with an expiry", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lmdb-sweep-"));
    dirs.push(dir);
    const lmdb = openLmdb(dir);
    await lmdb.db.put("sessions:raw", "not json \"expires\"");
    await lmdb.db.put("sessions:noexpiry", JSON.stringify({ value: 1 }));
    expect(await sweepExpired(lmdb.db, ["sessions"], () => Number.MAX_SAFE_INTEGER)).toBe(0);
    expect(entriesUnder(lmdb.db, "sessions")).toHaveLength(2);
    await lmdb.close();
  });
});
