import { afterEach, describe, expect, it } from "vitest";
import type { AuditLog } from "../../application/ports.ts";
import { type AuditEvent, auditPosition } from "../../domain/audit.ts";

/** One log under test, fresh and empty, and how to release it. */
export interface AuditLogSubject {
  readonly log: AuditLog;
  close(): Promise<void>;
}

/** A fresh log; `retention` (events kept per workspace) when the test needs a small one. */
export type MakeAuditLog = (options?: { readonly retention?: number }) => Promise<AuditLogSubject>;

let sequence = 0;

function event(overrides: Partial<AuditEvent> = {}): AuditEvent {
  sequence += 1;
  return {
    id: `evt_${String(sequence).padStart(6, "0")}_${Math.random().toString(36).slice(2, 8)}`,
    at: new Date(Date.UTC(2026, 0, 1) + sequence * 1000).toISOString(),
    type: "key.created",
    actor: { cli: true },
    workspaceId: "ws_a",
    keyId: "key_1",
    ...overrides,
  };
}

/** Every page of the workspace's log, read `limit` at a time while `during` runs between pages. */
async function readAllPages(log: AuditLog, workspaceId: string, limit: number, during: () => Promise<void> = async () => {}) {
  const pages: AuditEvent[][] = [];
  let before: string | undefined;
  do {
    const page = await log.page(workspaceId, { limit, before });
    expect(page.events.length).toBeLessThanOrEqual(limit);
    pages.push([...page.events]);
    before = page.next;
    await during();
  } while (before !== undefined);
  return pages;
}

/** The AuditLog contract of application/ports.ts, run by every adapter's test (memory, LMDB, Redis). */
export function describeAuditLog(name: string, make: MakeAuditLog): void {
  describe(`AuditLog contract: ${name}`, () => {
    let subject: AuditLogSubject | undefined;
    const open = async (options?: { retention?: number }) => (subject = await make(options)).log;
    afterEach(async () => {
      await subject?.close();
      subject = undefined;
    });

    it("lists a workspace's events newest first, field for field, and nothing of other workspaces", async () => {
      const log = await open();
      const first = event();
      const second = event({ type: "key.updated", actor: { accountId: "acc_1" }, changes: ["limit"] });
      const other = event({ workspaceId: "ws_b" });
      for (const e of [second, other, first]) await log.record(e);
      expect(await log.list("ws_a")).toEqual([second, first]);
      expect(await log.list("ws_b")).toEqual([other]);
      expect(await log.list("ws_none_yet")).toEqual([]);
    });

    it("keeps events of keys of no workspace apart, and honours the limit", async () => {
      const log = await open();
      const events = [event({ workspaceId: null }), event({ workspaceId: null }), event({ workspaceId: null })];
      await Promise.all(events.map((e) => log.record(e)));
      expect(await log.list(null)).toEqual([...events].reverse());
      expect(await log.list(null, 2)).toEqual([events[2], events[1]]);
      expect(await log.list("ws_a")).toEqual([]);
    });

    it("loses nothing when many events are recorded at once", async () => {
      const log = await open();
      const events = Array.from({ length: 40 }, () => event());
      await Promise.all(events.map((e) => log.record(e)));
      expect((await log.page("ws_a", { limit: 200 })).events.length).toBe(40);
    });

    it("orders events of one millisecond by id, and pages with a position: no next on the last page", async () => {
      const log = await open();
      const at = new Date(Date.UTC(2026, 5, 1)).toISOString();
      const ids = ["evt_b", "evt_a", "evt_c"];
      for (const id of ids) await log.record(event({ id, at }));
      const first = await log.page("ws_a", { limit: 2 });
      expect(first.events.map((e) => e.id)).toEqual(["evt_c", "evt_b"]);
      expect(first.next).toBe(auditPosition(first.events[1]));
      const second = await log.page("ws_a", { limit: 2, before: first.next });
      expect(second).toEqual({ events: [expect.objectContaining({ id: "evt_a" })], next: undefined });
      expect(await log.page("ws_a", { limit: 3 })).toMatchObject({ next: undefined });
    });

    it("pages through 1,000 events, each exactly once and newest first, while events are appended", async () => {
      const log = await open();
      const existing = Array.from({ length: 1000 }, () => event());
      for (let i = 0; i < existing.length; i += 100) await Promise.all(existing.slice(i, i + 100).map((e) => log.record(e)));
      // Appended between pages (and during them): all newer than the pages already read.
      const appended: AuditEvent[] = [];
      const append = async () => {
        const batch = Array.from({ length: 7 }, () => event());
        appended.push(...batch);
        await Promise.all(batch.map((e) => log.record(e)));
      };
      const pages = await readAllPages(log, "ws_a", 37, append);
      const seen = pages.flat().map((e) => e.id);
      expect(new Set(seen).size).toBe(seen.length);
      const expectedOrder = [...existing].reverse().map((e) => e.id);
      expect(seen.filter((id) => !appended.some((e) => e.id === id))).toEqual(expectedOrder);
    });

    it("keeps only the newest events past the retention, however they were appended", async () => {
      const log = await open({ retention: 50 });
      const events = Array.from({ length: 130 }, () => event());
      await Promise.all(events.slice(0, 60).map((e) => log.record(e)));
      for (const e of events.slice(60)) await log.record(e);
      const pages = await readAllPages(log, "ws_a", 200);
      expect(pages.flat().map((e) => e.id)).toEqual(events.slice(-50).reverse().map((e) => e.id));
      await log.record(event({ workspaceId: "ws_b" }));
      expect((await log.page("ws_b", { limit: 10 })).events).toHaveLength(1);
    });
  });
}
