import type Keyv from "keyv";
import type { AuditEvent } from "../../domain/audit.ts";
import type { Membership, Workspace } from "../../domain/workspace.ts";
import { KeyvWorkspaceStore } from "./keyv-workspace-store.ts";
import type { Storage } from "./storage.ts";

/** Names the move in the `migrations` namespace once it has been made for a store. */
export const LEGACY_LAYOUT_MARKER = "2026-11-sorted-indexes";

/**
 * Moves what the previous release stored in the old layout into the sorted indexes: each account's memberships (one
 * list per account and per workspace) and each workspace's audit events (a namespace per workspace). Runs once per
 * store (a marker), before the store serves; two instances starting together both write the same entries, which
 * is harmless. It reads accounts and workspaces through their own records, never the index namespaces.
 */
export async function migrateLegacyLayout(storage: Storage): Promise<{ memberships: number; events: number }> {
  const migrations = storage.keyv<string>("migrations");
  const moved = { memberships: 0, events: 0 };
  if ((await migrations.get(LEGACY_LAYOUT_MARKER)) !== undefined) return moved;
  moved.memberships = await moveMemberships(storage);
  moved.events = await moveAuditEvents(storage);
  await migrations.set(LEGACY_LAYOUT_MARKER, new Date().toISOString());
  return moved;
}

async function moveMemberships(storage: Storage): Promise<number> {
  const lists = storage.keyv<Membership[]>("account-workspaces");
  const workspaceLists = storage.keyv<Membership[]>("workspace-members");
  const store = new KeyvWorkspaceStore(storage.keyv("workspaces"), storage.keyv("workspace-members"), storage.keyv("account-workspaces"));
  let moved = 0;
  for (const accountId of await idsOf(storage, "accounts")) {
    const list = await lists.get(accountId);
    if (!Array.isArray(list)) continue;
    for (const membership of list) {
      await store.saveMembership(membership);
      await workspaceLists.delete(membership.workspaceId);
      moved += 1;
    }
    await lists.delete(accountId);
  }
  return moved;
}

async function moveAuditEvents(storage: Storage): Promise<number> {
  let moved = 0;
  for (const workspaceId of [...(await idsOf(storage, "workspaces")), null]) {
    const old = storage.keyv<AuditEvent>(`audit:${workspaceId ?? "none"}`);
    if (!old.iterator) continue;
    const events = await listVanishing(old);
    // Oldest first, so that the log's retention keeps the newest if there are more than it holds.
    events.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    for (const event of events) {
      await storage.audit.record(event);
      await old.delete(event.id);
      moved += 1;
    }
  }
  return moved;
}

/** How many times a listing is read again when an entry vanishes under it. */
const LISTING_ATTEMPTS = 5;

/**
 * Every value of a namespace another instance may be emptying at the same time (both move the same events): Keyv's
 * iterator lists the keys, then reads each, and fails on one deleted in between (reading `expires` of undefined),
 * so the listing is read again, up to LISTING_ATTEMPTS times; what the other instance moved meanwhile is left out.
 */
async function listVanishing<T>(namespace: Keyv<T>): Promise<T[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const values: T[] = [];
      for await (const [, value] of namespace.iterator?.(undefined) ?? []) if (value !== undefined) values.push(value as T);
      return values;
    } catch (error) {
      if (attempt >= LISTING_ATTEMPTS) throw error;
    }
  }
}

/** The ids of a namespace's plain records (accounts, workspaces): neither has a sorted index beside it. */
async function idsOf(storage: Storage, namespace: "accounts" | "workspaces"): Promise<string[]> {
  const records = storage.keyv<{ id: string } | Workspace>(namespace);
  if (!records.iterator) throw new Error(`the ${namespace} namespace cannot be listed`);
  const ids: string[] = [];
  for await (const [, record] of records.iterator(undefined)) if (record && typeof record.id === "string") ids.push(record.id);
  return ids;
}
