import type { ApiKey } from "../domain/api-key.ts";
import type { WindowHit } from "../domain/rate-limit.ts";

// The ports of keys and their rate limits, re-exported by ports.ts (import them from there).

/** A key found by its secret hash, and the rate-limit unit counted for it in the same storage operation, if one was. */
export interface CountedKey {
  readonly key: ApiKey;
  readonly hit?: WindowHit;
}

/** A key as it was before a change and as it is after (the same object when nothing changed). */
export interface KeyUpdate {
  readonly before: ApiKey;
  readonly after: ApiKey;
}

/**
 * Where API keys live. Every method throws when the storage cannot be reached. A key's state changes only through
 * `update`, which is atomic per key on every instance: concurrent changes end as if run one after the other, so a
 * revocation is never overwritten by a change that read the key before it.
 */
export interface ApiKeyStore {
  /** Stores a new key and indexes it by its secret hash. Throws when a key with this id already exists. */
  save(key: ApiKey): Promise<void>;
  /**
   * Changes one key atomically: `change` receives the key as stored now and returns the new key, or undefined (or
   * the same object) to leave it. When another writer changed the key meanwhile, `change` runs again on the newer
   * key, so it must be a pure function of its argument. A new `secretHash` is indexed before the key is written.
   * Undefined when no key has this id.
   */
  update(id: string, change: (current: ApiKey) => ApiKey | undefined): Promise<KeyUpdate | undefined>;
  /** Records that the key was used at `at` (epoch ms), apart from its state: this never writes the key itself. */
  touch(id: string, at: number): Promise<void>;
  /** The key with this id (with its latest `lastUsedAt`), or undefined. */
  findById(id: string): Promise<ApiKey | undefined>;
  /**
   * The key whose secret (current or previous) hashes to `secretHash`, as stored at the moment of the call, or
   * undefined: a change made by any instance before the call is always seen.
   */
  findByHash(secretHash: string): Promise<ApiKey | undefined>;
  /**
   * `findByHash` and one unit of the key's rate limit in a single storage operation (one round trip where the two
   * steps take two): the key's record as committed at the moment of the call, and `hit` counted on the key's own
   * counter (the one `RateLimitStore.hitKey` counts) in the window of the policy that record holds. `hit` is absent
   * when nothing was counted (the key is not active, `secretHash` is not its current secret, or the store cannot
   * count this key): a caller that admits the key then counts the unit itself. Undefined (nothing counted) when no
   * key has this hash. Throws when the storage cannot answer. A store without such an operation leaves it out.
   */
  findByHashCounting?(secretHash: string): Promise<CountedKey | undefined>;
  /**
   * Whether this store has recently resolved `secretHash` to a key (a hint held in memory, never a decision): lets
   * the hot path skip checks a secret already passed, such as its checksum. A store without such a memory leaves it out.
   */
  isKnownHash?(secretHash: string): boolean;
  /** Every key, in no particular order. */
  list(): Promise<readonly ApiKey[]>;
  /**
   * The keys of one workspace, in no particular order, reading only those: a store without such an index leaves it
   * out, and callers filter `list()` instead.
   */
  listByWorkspace?(workspaceId: string): Promise<readonly ApiKey[]>;
  /** Resolves when the storage answers; throws when it does not. */
  ping(): Promise<void>;
}

/** Counts requests per bucket in fixed windows. Must be atomic: concurrent hits never share a count. */
export interface RateLimitStore {
  /**
   * Counts one request in the current window of `bucket` (windows are `windowMs` long, aligned to the
   * store's own clock) and returns the count including this request. Throws when the store is unreachable.
   * With `limit` (the count past which requests are refused), a store may leave a hit uncounted when the window's
   * count is past `limit` already (every store of this project does): a refusal then changes nothing and costs the
   * store a read, not a write. Such a hit reads more than the stored count and carries no `windowId` (nothing to
   * release), so a window's first refused hit is still the only one that reads `limit + 1`.
   */
  hit(bucket: string, windowMs: number, limit?: number): Promise<WindowHit>;
  /**
   * Counts one request of the API key `keyId` as `hit` does, on the key's own counter: the one its backend's
   * `ApiKeyStore.findByHashCounting` counts on, so both ways of taking a key's unit share one count. A store that
   * keeps a key's count in the plain bucket `keyId` leaves it out (callers then `hit(keyId, …)`).
   */
  hitKey?(keyId: string, windowMs: number, limit?: number): Promise<WindowHit>;
  /**
   * The count of the current window of `bucket` without counting anything (0 when nothing was counted yet),
   * and the time until it resets. Throws when the store is unreachable.
   */
  peek(bucket: string, windowMs: number): Promise<WindowHit>;
  /**
   * Takes back one hit of `bucket` from the window `windowId` (a `hit`'s `windowId`), atomically: for an attempt
   * counted up front that turned out not to count (a refused sign-in, a right password). Never below 0, and nothing
   * once that window has ended, so a later window is never credited. Throws when the store is unreachable. A store
   * without it leaves it out (and returns no `windowId`): such attempts then stay counted.
   */
  release?(bucket: string, windowMs: number, windowId: number): Promise<void>;
}
