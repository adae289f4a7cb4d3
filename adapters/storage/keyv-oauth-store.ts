import type { CodeSpend, OAuthAccessToken, OAuthCode, OAuthGrant, OAuthStore, OAuthToken } from "../../application/oauth-ports.ts";
import type { OAuthClient } from "../../application/oauth-use-cases.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import type { AtomicRecords, StoredRecord } from "./atomic-records.ts";

/** The namespaces the OAuth records live in; every record in them expires (the embedded store sweeps them). */
export const OAUTH_NAMESPACES = ["oauth-clients", "oauth-grants", "oauth-codes", "oauth-access", "oauth-refresh"] as const;

type Namespaces = { readonly [N in (typeof OAUTH_NAMESPACES)[number]]: AtomicRecords<never> };

/**
 * The OAuth records on the storage's atomic Keyv namespaces, so the embedded LMDB store, Redis, Redis Cluster and
 * the in-memory store all hold them with no code of their own. Grants and codes change by compare-and-set on the
 * raw entry (exact across instances); the rest is written once and read by key. Every record has a TTL.
 */
export class KeyvOAuthStore implements OAuthStore {
  private readonly clients: AtomicRecords<OAuthClient>;
  private readonly grants: AtomicRecords<OAuthGrant>;
  private readonly codes: AtomicRecords<OAuthCode>;
  private readonly access: AtomicRecords<OAuthAccessToken>;
  private readonly refresh: AtomicRecords<OAuthToken>;

  /** `atomic` opens one namespace (Storage.atomic). */
  constructor(atomic: <T>(namespace: string) => AtomicRecords<T>) {
    const open = Object.fromEntries(OAUTH_NAMESPACES.map((name) => [name, atomic<never>(name)])) as unknown as Namespaces;
    this.clients = open["oauth-clients"];
    this.grants = open["oauth-grants"];
    this.codes = open["oauth-codes"];
    this.access = open["oauth-access"];
    this.refresh = open["oauth-refresh"];
  }

  saveClient(client: OAuthClient, ttlMs: number): Promise<void> {
    return guardStorage("saveOAuthClient", async () => void (await this.clients.keyv.set(client.clientId, client, ttlMs)));
  }

  findClient(clientId: string): Promise<OAuthClient | undefined> {
    return guardStorage("findOAuthClient", () => this.clients.keyv.get(clientId));
  }

  saveGrant(grant: OAuthGrant, ttlMs: number): Promise<void> {
    return guardStorage("saveOAuthGrant", async () => void (await this.grants.keyv.set(grant.id, grant, ttlMs)));
  }

  findGrant(id: string): Promise<OAuthGrant | undefined> {
    return guardStorage("findOAuthGrant", async () => (await readLive(this.grants, id))?.value);
  }

  updateGrant(id: string, change: (current: OAuthGrant) => OAuthGrant | undefined, ttlMs: number) {
    return guardStorage("updateOAuthGrant", async () => {
      for (;;) {
        const current = await readLive(this.grants, id);
        if (!current) return undefined;
        const next = change(current.value);
        if (!next || next === current.value) return { before: current.value, after: current.value };
        if (await this.grants.write(id, current.raw, next, ttlMs)) return { before: current.value, after: next };
      }
    });
  }

  deleteGrant(id: string): Promise<void> {
    return guardStorage("deleteOAuthGrant", async () => void (await this.grants.keyv.delete(id)));
  }

  saveCode(hash: string, code: OAuthCode, ttlMs: number): Promise<void> {
    return guardStorage("saveOAuthCode", async () => void (await this.codes.keyv.set(hash, code, ttlMs)));
  }

  spendCode(hash: string): Promise<CodeSpend> {
    return guardStorage("spendOAuthCode", async () => {
      for (;;) {
        const current = await readLive(this.codes, hash);
        if (!current) return undefined;
        if (current.value.spent) return { code: current.value, first: false };
        // The spent code keeps its expiry: it is remembered exactly as long as it would have been.
        const ttlMs = current.expires === undefined ? undefined : Math.max(1, current.expires - Date.now());
        if (await this.codes.write(hash, current.raw, { ...current.value, spent: true }, ttlMs)) return { code: current.value, first: true };
      }
    });
  }

  saveAccessToken(hash: string, token: OAuthAccessToken, ttlMs: number): Promise<void> {
    return guardStorage("saveOAuthAccessToken", async () => void (await this.access.keyv.set(hash, token, ttlMs)));
  }

  findAccessToken(hash: string): Promise<OAuthAccessToken | undefined> {
    return guardStorage("findOAuthAccessToken", () => this.access.keyv.get(hash));
  }

  deleteAccessToken(hash: string): Promise<void> {
    return guardStorage("deleteOAuthAccessToken", async () => void (await this.access.keyv.delete(hash)));
  }

  saveRefreshToken(hash: string, token: OAuthToken, ttlMs: number): Promise<void> {
    return guardStorage("saveOAuthRefreshToken", async () => void (await this.refresh.keyv.set(hash, token, ttlMs)));
  }

  findRefreshToken(hash: string): Promise<OAuthToken | undefined> {
    return guardStorage("findOAuthRefreshToken", () => this.refresh.keyv.get(hash));
  }
}

/**
 * The record as committed now, with its Keyv expiry, or undefined when absent or expired: the raw entry is what a
 * compare-and-set expects, and Keyv stamps expiries with Date.now(), so they are judged on the same clock.
 */
async function readLive<T>(records: AtomicRecords<T>, key: string): Promise<(StoredRecord<T> & { expires?: number }) | undefined> {
  const current = await records.read(key);
  if (!current) return undefined;
  const stored = (await records.keyv.deserialize?.(current.raw)) as { expires?: number } | undefined;
  const expires = typeof stored?.expires === "number" ? stored.expires : undefined;
  if (expires !== undefined && expires <= Date.now()) return undefined;
  return { ...current, expires };
}
