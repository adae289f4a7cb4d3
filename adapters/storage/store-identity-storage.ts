import type Keyv from "keyv";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AtomicRecords } from "./atomic-records.ts";
import { OAUTH_NAMESPACES } from "./keyv-oauth-store.ts";
import type { Storage } from "./open-storage.ts";
import { sortedIndexOf, withSortedIndex } from "./sorted-index.ts";
import { STORE_NAMESPACE, StoreIdentityRecord, type StoreIdentity, withRaisedMarker } from "./store-identity.ts";
import { StoreIdentityGuard } from "./store-identity-guard.ts";
import { SeenStoreMemory, storeLocation } from "./store-identity-memory.ts";

/**
 * The namespaces whose writes a server must never see undone: accounts and their passwords, sign-up's email claims,
 * sessions (a sign-out, a password change ending them), workspaces and memberships, invitations, OAuth grants and
 * tokens. API keys (a revocation, a rotation) raise it through `keys`. Counters, usage, the audit log, the outbox and
 * one-time flashes do not: losing a second of those is what AOF's `everysec` already accepts.
 */
export const MARKED_NAMESPACES: ReadonlySet<string> = new Set([
  "accounts", "account-emails", "sessions", "account-sessions", "workspaces", "workspace-members", "account-workspaces",
  "invitations", ...OAUTH_NAMESPACES,
]);

/** What the decorated storage asks of the guard on every call. */
interface Gate {
  isServing(): boolean;
  refusalError(): Error;
  raise(): Promise<void>;
}

/** Methods that answer at once from memory or wire listeners: passed through untouched, as their callers expect no promise. */
const SYNCHRONOUS = new Set(["isKnownHash", "on", "once", "off", "emit", "addListener", "removeListener", "removeAllListeners", "listeners", "listenerCount", "setMaxListeners", "getMaxListeners", "iterator", "serialize", "deserialize"]);

/**
 * Opens the guard on `storage` (which may refuse at once, logging why) and returns the same storage behind it: while
 * the store is refused every call fails with StorageUnavailableError (503 everywhere, health included, since health
 * pings `keys`); each write to a marked namespace or a key raises the marker before it resolves.
 */
export async function guardStoreIdentity(storage: Storage, config: Config, logger: Pick<Logger, "error" | "info" | "warn">): Promise<{ storage: Storage; guard: StoreIdentityGuard }> {
  const location = storeLocation(config);
  const guard = new StoreIdentityGuard({
    record: storeIdentityRecordOf(storage),
    memory: location === undefined ? undefined : new SeenStoreMemory(config.dataDir, location),
    logger,
  });
  await guard.open().catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  return { storage: gatedStorage(storage, guard), guard };
}

/** The identity record on a storage's own atomic records (never through the gate: the guard must read a refused store). */
export function storeIdentityRecordOf(storage: Pick<Storage, "atomic">): StoreIdentityRecord {
  return new StoreIdentityRecord(storage.atomic<StoreIdentity>(STORE_NAMESPACE));
}

/** `storage` with every call passing `gate` first. */
export function gatedStorage(storage: Storage, gate: Gate): Storage {
  const keyv = <T>(namespace: string): Keyv<T> => gatedKeyv(storage.keyv<T>(namespace), gate, MARKED_NAMESPACES.has(namespace));
  return {
    kind: storage.kind,
    keys: gated(storage.keys, gate, new Set(["save", "update"])),
    limits: gated(storage.limits, gate),
    audit: gated(storage.audit, gate),
    usage: gated(storage.usage, gate),
    keyv,
    atomic: <T>(namespace: string) => gatedAtomic(storage.atomic<T>(namespace), gate, MARKED_NAMESPACES.has(namespace)),
    close: () => storage.close(),
  };
}

function gatedKeyv<T>(keyv: Keyv<T>, gate: Gate, marked: boolean): Keyv<T> {
  const writes = marked ? new Set(["set", "setMany", "delete", "deleteMany", "clear"]) : undefined;
  // The ordered reads live beside the Keyv (a WeakMap keyed by it), so the proxy needs its own, gated the same way.
  return withSortedIndex(gated(keyv, gate, writes), gated(sortedIndexOf(keyv as Keyv<unknown>), gate, marked ? new Set(["put", "remove"]) : undefined));
}

function gatedAtomic<T>(records: AtomicRecords<T>, gate: Gate, marked: boolean): AtomicRecords<T> {
  const keyv = gatedKeyv(records.keyv, gate, marked);
  return gated(records, gate, marked ? new Set(["write", "claim"]) : undefined, { keyv });
}

/**
 * `target` behind the gate: an object inheriting from it whose methods (every function on the target's prototype
 * chain when gated) fail with the gate's error while it refuses, and whose `marks` raise the marker once they
 * resolved; its other properties read and write through to the target. Each method runs on the target itself, so its
 * inner calls are not gated twice, and is looked up there on every call, so a method replaced later is the one
 * called. Built once rather than a Proxy: a trap on every property read (several per request on `keys`, `limits` and
 * `usage`) cost 2.5% of an execute request's main-thread instructions (callgrind, Node 24).
 */
function gated<T extends object>(target: T, gate: Gate, marks?: ReadonlySet<string>, replaced: Record<string, unknown> = {}): T {
  const front = Object.create(target) as object;
  const methods = target as Record<PropertyKey, (...args: unknown[]) => unknown>;
  for (const [name, descriptor] of chainDescriptors(target)) {
    if (name in replaced) continue;
    if (typeof descriptor.value !== "function") {
      Object.defineProperty(front, name, { get: () => Reflect.get(target, name, target), set: (value) => Reflect.set(target, name, value, target), configurable: true });
    } else if (typeof name !== "string" || SYNCHRONOUS.has(name)) {
      Object.defineProperty(front, name, { value: (...args: unknown[]) => methods[name].apply(target, args), writable: true, configurable: true });
    } else {
      const marking = marks?.has(name) === true;
      // `arguments` handed straight to apply: V8 then allocates no array for them (a rest parameter would, per call).
      const call = function (): unknown {
        if (!gate.isServing()) return Promise.reject(gate.refusalError());
        const result = methods[name].apply(target, arguments as unknown as unknown[]);
        if (!marking) return result;
        return Promise.resolve(result).then(async (settled) => {
          await gate.raise();
          return settled;
        });
      };
      Object.defineProperty(front, name, { value: call, writable: true, configurable: true });
    }
  }
  for (const [name, value] of Object.entries(replaced)) Object.defineProperty(front, name, { value, writable: true, configurable: true });
  return front as T;
}

/** The properties of `target` and its prototypes (the nearest of each name; Object's own and constructors left out). */
function chainDescriptors(target: object): Map<PropertyKey, PropertyDescriptor> {
  const found = new Map<PropertyKey, PropertyDescriptor>();
  for (let at: object | null = target; at !== null && at !== Object.prototype; at = Object.getPrototypeOf(at) as object | null) {
    for (const name of Reflect.ownKeys(at)) {
      if (name !== "constructor" && !found.has(name)) found.set(name, Object.getOwnPropertyDescriptor(at, name) as PropertyDescriptor);
    }
  }
  return found;
}

/**
 * `storage` for a one-off command (`tool-api keys`): its changes raise the store's marker as a server's do, so a
 * restore that undoes them is noticed; it never refuses, so an operator can still revoke keys in a refused store.
 */
export function markingStorage(storage: Storage): Storage {
  const record = storeIdentityRecordOf(storage);
  const raise = async () => {
    await record.change((current) => withRaisedMarker(current));
  };
  return gatedStorage(storage, { isServing: () => true, refusalError: () => new Error("a marking storage never refuses"), raise });
}
