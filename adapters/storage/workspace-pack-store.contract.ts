import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "./open-storage.ts";
import { KeyvWorkspacePackStore } from "./keyv-workspace-pack-store.ts";

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
      store = new KeyvWorkspacePackStore(fixture.storage.keyv("workspace-packs"));
      other = new KeyvWorkspacePackStore(fixture.other.keyv("workspace-packs"));
    });
    afterEach(() => fixture.close());

    it("starts empty and enables packs in order, once each", async () => {
      expect(await store.list("ws_a")).toEqual([]);
      expect(await store.enable("ws_a", "example")).toEqual(["example"]);
      expect(await store.enable("ws_a", "acme")).toEqual(["example", "acme"]);
      expect(await store.enable("ws_a", "example")).toEqual(["example", "acme"]);
      expect(await store.list("ws_b")).toEqual([]);
    });

    it("disables a pack, and disabling an absent pack changes nothing", async () => {
      await store.enable("ws_a", "example");
      expect(await store.disable("ws_a", "example")).toEqual([]);
      expect(await store.disable("ws_a", "example")).toEqual([]);
    });

    it("keeps every one of concurrent enables in one process", async () => {
      await Promise.all(["p1", "p2", "p3", "p4"].map((id) => store.enable("ws_c", id)));
      expect([...(await store.list("ws_c"))].sort()).toEqual(["p1", "p2", "p3", "p4"]);
    });

    it("shows a disable to another handle on the same storage at once", async () => {
      await store.enable("ws_d", "example");
      expect(await other.list("ws_d")).toEqual(["example"]);
      await store.disable("ws_d", "example");
      // The next request is a new event-loop turn; lmdb-js renews a handle's read snapshot at each turn (its README,
      // resetReadTxn), so that is when another process sees the write, as every request of another instance does.
      await new Promise((resolve) => setImmediate(resolve));
      expect(await other.list("ws_d")).toEqual([]);
    });
  });
}
