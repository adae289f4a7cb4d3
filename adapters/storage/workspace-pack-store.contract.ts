import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "./open-storage.ts";
import { atomicPackStore, type KeyvWorkspacePackStore } from "./keyv-workspace-pack-store.ts";

/** Two handles on one backend: `other` stands for a second process (or instance) sharing the storage. */
export interface PackStoreFixture {
  readonly storage: Storage;
  readonly other: Storage;
  close(): Promise<void>;
}

/** The WorkspacePackStore contract, run against every backend. */
export function describeWorkspacePackStore(name: string, open: () => Promise<PackStoreFixture>): void {
  describe(`WorkspacePackStore on ${name}`, () => {
    let fixture: PackStoreFixture;
    let store: KeyvWorkspacePackStore;
    let other: KeyvWorkspacePackStore;
    beforeEach(async () => {
      fixture = await open();
      store = atomicPackStore((namespace) => fixture.storage.atomic(namespace));
      other = atomicPackStore((namespace) => fixture.other.atomic(namespace));
    });
    afterEach(() => fixture.close());

    it("starts empty and enables packs in order, once each", async () => {
      expect(await store.list("ws_a")).toEqual([]);
      expect(await store.enable("ws_a", "example")).toEqual({ ids: ["example"], changed: true });
      expect(await store.enable("ws_a", "acme")).toEqual({ ids: ["example", "acme"], changed: true });
      expect(await store.enable("ws_a", "example")).toEqual({ ids: ["example", "acme"], changed: false });
      expect(await store.list("ws_b")).toEqual([]);
    });

    it("disables a pack, and disabling an absent pack changes nothing", async () => {
      await store.enable("ws_a", "example");
      expect(await store.disable("ws_a", "example")).toEqual({ ids: [], changed: true });
      expect(await store.disable("ws_a", "example")).toEqual({ ids: [], changed: false });
    });

    it("of identical enables, then disables, racing across two handles, exactly one changed the list (20 trials of 6)", async () => {
      for (let trial = 0; trial < 20; trial++) {
        const workspace = `ws_same${trial}`;
        for (const enabled of [true, false]) {
          const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => {
            const handle = i % 2 === 0 ? store : other;
            return enabled ? handle.enable(workspace, "example") : handle.disable(workspace, "example");
          }));
          expect(outcomes.filter((outcome) => outcome.changed)).toEqual([{ ids: enabled ? ["example"] : [], changed: true }]);
          await nextRequest();
          expect(await other.list(workspace)).toEqual(enabled ? ["example"] : []);
        }
      }
    });

    it("keeps every one of concurrent enables in one process", async () => {
      await Promise.all(["p1", "p2", "p3", "p4"].map((id) => store.enable("ws_c", id)));
      expect([...(await store.list("ws_c"))].sort()).toEqual(["p1", "p2", "p3", "p4"]);
    });

    it("keeps every one of concurrent enables and disables across two handles (10 trials of 8 packs)", async () => {
      for (let trial = 0; trial < 10; trial++) {
        const workspace = `ws_race${trial}`;
        await store.enable(workspace, "gone1");
        await store.enable(workspace, "gone2");
        const packs = Array.from({ length: 8 }, (_, i) => `p${i}`);
        await Promise.all([
          ...packs.map((id, i) => (i % 2 === 0 ? store : other).enable(workspace, id)),
          other.disable(workspace, "gone1"),
          store.disable(workspace, "gone2"),
        ]);
        await nextRequest();
        expect([...(await other.list(workspace))].sort()).toEqual(packs);
      }
    });

    it("shows an enable and a disable to another handle on the same storage by its next request", async () => {
      await store.enable("ws_d", "example");
      await nextRequest();
      expect(await other.list("ws_d")).toEqual(["example"]);
      await store.disable("ws_d", "example");
      await nextRequest();
      expect(await other.list("ws_d")).toEqual([]);
    });
  });
}

/**
 * lmdb-js lets go of a handle's read snapshot in a timer it sets at the read (setTimeout 0, lmdb/read.js); a timer set
 * after it fires after it, so this is the earliest moment another instance's next request sees a write. (Reading in
 * the same turn, or after setImmediate, saw the old snapshot about one time in three, measured over 300 rounds.)
 */
function nextRequest(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
