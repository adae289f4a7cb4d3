import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuditLog } from "../../application/ports.ts";
import type { AuditEvent } from "../../domain/audit.ts";

/** One log under test, fresh and empty, and how to release it. */
export interface AuditLogSubject {
  readonly log: AuditLog;
  close(): Promise<void>;
}

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

/** The AuditLog contract of application/ports.ts, run by every adapter's test (memory, LMDB, Redis). */
export function describeAuditLog(name: string, make: () => Promise<AuditLogSubject>): void {
  describe(`AuditLog contract: ${name}`, () => {
    let subject: AuditLogSubject;
    beforeEach(async () => {
      subject = await make();
    });
    afterEach(async () => {
      await subject.close();
    });

    it("lists a workspace's events newest first, field for field, and nothing of other workspaces", async () => {
      const first = event();
      const second = event({ type: "key.updated", actor: { accountId: "acc_1" }, changes: ["limit"] });
      const other = event({ workspaceId: "ws_b" });
      for (const e of [second, other, first]) await subject.log.record(e);
      expect(await subject.log.list("ws_a")).toEqual([second, first]);
      expect(await subject.log.list("ws_b")).toEqual([other]);
      expect(await subject.log.list("ws_none_yet")).toEqual([]);
    });

    it("keeps events of keys of no workspace apart, and honours the limit", async () => {
      const events = [event({ workspaceId: null }), event({ workspaceId: null }), event({ workspaceId: null })];
      await Promise.all(events.map((e) => subject.log.record(e)));
      expect(await subject.log.list(null)).toEqual([...events].reverse());
      expect(await subject.log.list(null, 2)).toEqual([events[2], events[1]]);
      expect(await subject.log.list("ws_a")).toEqual([]);
    });

    it("loses nothing when many events are recorded at once", async () => {
      const events = Array.from({ length: 40 }, () => event());
      await Promise.all(events.map((e) => subject.log.record(e)));
      expect((await subject.log.list("ws_a")).length).toBe(40);
    });
  });
}
