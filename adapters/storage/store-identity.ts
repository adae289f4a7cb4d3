import { randomBytes } from "node:crypto";
import type { AtomicRecords } from "./atomic-records.ts";

/** The namespace of the store's own identity record; nothing else lives there, and export/import leave it out. */
export const STORE_NAMESPACE = "store";
const IDENTITY_KEY = "identity";
/** Compare-and-set rounds before a change of the record gives up (every instance raises the same marker). */
const MAX_ROUNDS = 100;

/**
 * Who a store is and how far its changes have gone. `marker` only ever rises while the store keeps its data, so a
 * store found without the record, under another `id`, or with a lower `marker` than a server has seen, lost data.
 */
export interface StoreIdentity {
  /** `store_…`, random, made at the store's first start or by an operator's accept-restore; absent once only refusals were written. */
  readonly id?: string;
  readonly createdAt?: number;
  /** Raised after each change a server must never see undone (a revocation, a password change, a session's end…). */
  readonly marker: number;
  /** Tokens of the servers refusing this store right now; accept-restore copies them into `accepts`. */
  readonly refusals?: readonly string[];
  /** The refusals an operator accepted: those servers adopt this identity and serve again. */
  readonly accepts?: readonly string[];
  /** The identity this one replaced by an operator's consent (a server that remembers that one adopts this one). */
  readonly replaces?: string;
  readonly acceptedAt?: number;
}

/** A new identity for a store first started, or (with `consent`) for a store an operator accepted as it is now. */
export function newStoreIdentity(now: number, consent?: { readonly previous?: StoreIdentity }): StoreIdentity {
  const id = `store_${randomBytes(12).toString("base64url")}`;
  if (!consent) return { id, createdAt: now, marker: 0 };
  const { previous } = consent;
  return { id, createdAt: now, marker: previous?.marker ?? 0, accepts: previous?.refusals ?? [], replaces: previous?.id, acceptedAt: now };
}

/** The one identity record of a store, read and changed atomically across every process on it. */
export class StoreIdentityRecord {
  constructor(private readonly records: AtomicRecords<StoreIdentity>) {}

  /** The record as committed now, or undefined when the store has none. Throws when the store cannot answer. */
  async read(): Promise<StoreIdentity | undefined> {
    return (await this.records.read(IDENTITY_KEY))?.value;
  }

  /** Stores `identity` unless the store has one already; the identity the store holds afterwards either way. */
  async claim(identity: StoreIdentity): Promise<StoreIdentity> {
    return (await this.change((current) => current ?? identity)) ?? identity;
  }

  /**
   * Changes the record atomically: `change` receives it as stored now (it may run again on a newer one) and returns
   * the new record, or undefined to leave it as it is. Returns the record as it stands after the call.
   */
  async change(change: (current: StoreIdentity | undefined) => StoreIdentity | undefined): Promise<StoreIdentity | undefined> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const stored = await this.records.read(IDENTITY_KEY);
      const next = change(stored?.value);
      if (next === undefined || next === stored?.value) return stored?.value;
      if (await this.records.write(IDENTITY_KEY, stored?.raw, next)) return next;
    }
    throw new Error(`the store identity kept changing under ${MAX_ROUNDS} attempts to change it`);
  }
}

/** The record with its marker raised by one; undefined (leave it) when it is refused, or not `id`'s when `id` is given. */
export function withRaisedMarker(current: StoreIdentity | undefined, id?: string): StoreIdentity | undefined {
  if (current?.id === undefined || current.refusals?.length || (id !== undefined && current.id !== id)) return undefined;
  return { ...current, marker: current.marker + 1 };
}

/** What a server concludes from the record it reads against what it has seen: serve, or refuse and why. */
export type StoreVerdict = { readonly serve: true } | { readonly serve: false; readonly reason: "missing" | "replaced" | "older" };

/** The comparison itself: no record (or one without id), another identity, or a marker lower than seen is lost data. */
export function judgeStore(found: StoreIdentity | undefined, seen: { readonly id: string; readonly marker: number }): StoreVerdict {
  if (found?.id === undefined) return { serve: false, reason: "missing" };
  if (found.id !== seen.id) return found.replaces === seen.id ? { serve: true } : { serve: false, reason: "replaced" };
  return found.marker < seen.marker ? { serve: false, reason: "older" } : { serve: true };
}
