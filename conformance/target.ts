import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../adapters/config.ts";
import { MAX_WINDOW_SECONDS } from "../domain/rate-limit.ts";
import { TOKENS } from "../adapters/container.ts";
import { createLogger } from "../adapters/logger.ts";
import { startServer } from "../adapters/server.ts";
import type { AnyTool } from "../domain/tool.ts";

/** The deployment under test and the keys to test it with. */
export interface Target {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly rateLimitedKey?: string;
  readonly maxBodyBytes: number;
  /** Whether the run may create accounts (sign-up) on the target. */
  readonly mayCreateAccounts: boolean;
  /** Makes a key in a workspace; only a server the runner booted itself can. */
  readonly createWorkspaceKey?: (workspaceId: string) => Promise<string>;
  close(): Promise<void>;
}

export interface RemoteTargetOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly rateLimitedKey?: string;
  readonly maxBodyBytes?: number;
  readonly signUp?: boolean;
}

/**
 * Limits of the keys a self-booted server gets: one generous, one spent after a single request. The spent one's window
 * is a day: windows are fixed and end together on the epoch's grid, so a shorter one could end mid-run and refill it.
 */
const GENEROUS = { limit: 1_000_000, windowSeconds: 3600 };
const SMALL = { limit: 1, windowSeconds: MAX_WINDOW_SECONDS };

/** A deployment someone else runs. A trailing /api/v1 in the URL is tolerated. */
export function remoteTarget(options: RemoteTargetOptions): Target {
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, "").replace(/\/api\/v1$/, ""),
    apiKey: options.apiKey,
    rateLimitedKey: options.rateLimitedKey,
    maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    mayCreateAccounts: options.signUp === true,
    close: async () => {},
  };
}

/**
 * Boots the real server (startServer) on 127.0.0.1:0 with embedded storage in a temporary DATA_DIR, and creates
 * its keys through the container's CreateKey use case. Its PUBLIC_URL is `http://localhost:<port>`: a domain, so the
 * passkey cases meet the ceremonies' own answers, as on a real deployment (on an IP address they all answer 409). `tools` replaces the catalog, e.g. to prove the suite fails.
 */
export async function bootTarget(options: { tools?: readonly AnyTool[] } = {}): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), "conformance-data-"));
  // A 64 KiB body cap keeps the 413 case's request small; every tool example fits well inside it.
  const env = { HOST: "127.0.0.1", PORT: "0", PUBLIC_URL: "http://localhost:0", DATA_DIR: dataDir, APP_ENV: "development", LOG_LEVEL: "silent", MAX_BODY_BYTES: "65536" };
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(`conformance config: ${loaded.error.join("; ")}`);
  const running = await startServer(loaded.value, { logger: createLogger("silent"), ...(options.tools ? { tools: options.tools } : {}) });
  const createKey = running.container.get(TOKENS.createKey);
  const make = async (name: string, policy: { limit: number; windowSeconds: number }, workspaceId?: string) => {
    const result = await createKey.execute({ name, env: loaded.value.appEnv, ...policy, workspaceId });
    if (!result.ok) throw new Error(`conformance key: ${result.error.message}`);
    return result.value;
  };
  const [main, small] = [await make("conformance", GENEROUS), await make("conformance-limited", SMALL)];
  return {
    baseUrl: running.url,
    apiKey: main.secret,
    rateLimitedKey: small.secret,
    maxBodyBytes: loaded.value.maxBodyBytes,
    mayCreateAccounts: true,
    createWorkspaceKey: async (workspaceId) => (await make("conformance-revocable", GENEROUS, workspaceId)).key.id,
    close: async () => {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
