// The OAuth authorization server for MCP clients (application/oauth-server.ts), bound into the composition root.
import type { CreateWorkspaceKey } from "../application/create-workspace-key.ts";
import { buildOAuthServer } from "../application/oauth-server.ts";
import type { ApiKeyStore, RateLimitStore, WorkspaceStore } from "../application/ports.ts";
import type { RevokeKey } from "../application/revoke-key.ts";
import { HttpClientMetadataFetcher } from "./oauth/client-metadata-fetcher.ts";
import { mapEntries } from "./storage/atomic-entries.ts";
import { AtomicRecords } from "./storage/atomic-records.ts";
import { KeyvOAuthStore } from "./storage/keyv-oauth-store.ts";
import Keyv from "keyv";
import { type Container, type Infrastructure, TOKENS } from "./tokens.ts";

/**
 * Binds TOKENS.oauth on the storage's atomic namespaces (this process's memory when the infrastructure has none:
 * the CLI). The issuer is PUBLIC_URL, read when used; without one, authorization requests fail loudly (tokens issued
 * elsewhere are still judged: authenticate needs no issuer).
 */
export function bindOAuth(container: Container, infra: Infrastructure): void {
  const store = new KeyvOAuthStore(infra.atomic ?? memoryAtomic());
  const publicUrl = infra.events.publicUrl ?? (() => {
    throw new Error("OAuth needs PUBLIC_URL: the issuer and the resource are made from it");
  });
  container.bind(TOKENS.oauth).toResolvedValue(
    (keys: ApiKeyStore, workspaces: WorkspaceStore, createWorkspaceKey: CreateWorkspaceKey, revokeKey: RevokeKey, limits: RateLimitStore) =>
      buildOAuthServer({
        store, keys, workspaces, createWorkspaceKey, revokeKey, limits, publicUrl,
        clock: infra.clock, secrets: infra.secrets, env: infra.env, metadata: new HttpClientMetadataFetcher({ allowPrivate: infra.events.allowPrivateTargets }),
      }),
    [TOKENS.apiKeyStore, TOKENS.workspaceStore, TOKENS.createWorkspaceKey, TOKENS.revokeKey, TOKENS.rateLimitStore],
  );
}

/** Atomic namespaces in this process's memory, as openMemoryStorage makes them. */
function memoryAtomic(): <T>(namespace: string) => AtomicRecords<T> {
  return <T>(namespace: string) => {
    const map = new Map<string, unknown>();
    return new AtomicRecords<T>(new Keyv<T>({ store: map, namespace, throwOnErrors: true }), mapEntries(map), `${namespace}:`);
  };
}
