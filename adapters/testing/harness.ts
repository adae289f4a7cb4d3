import { Writable } from "node:stream";
import type { H3 } from "h3";
import type { Environment } from "../../domain/api-key.ts";
import type { AnyTool } from "../../domain/tool.ts";
import { buildContainer, resolveAccountDeps, TOKENS } from "../container.ts";
import { createApp } from "../http/app.ts";
import { createLogger } from "../logger.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { openMemoryStorage, type Storage } from "../storage/open-storage.ts";
import { CryptoSecretSource, FixedClock } from "../system.ts";
import { tools as catalogTools } from "../tools/index.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

/** An in-process app on memory storage, with its log lines captured. */
export interface TestApp {
  readonly app: H3;
  readonly clock: FixedClock;
  readonly storage: Storage;
  readonly logs: string[];
  readonly container: ReturnType<typeof buildContainer>;
  /** Creates a key through the CreateKey use case and returns its id and secret. */
  createKey(options?: { env?: Environment; limit?: number; windowSeconds?: number; name?: string }): Promise<{ id: string; secret: string }>;
  revokeKey(id: string): Promise<void>;
}

export interface TestAppOptions {
  readonly env?: Environment;
  readonly maxBodyBytes?: number;
  readonly tools?: readonly AnyTool[];
  readonly now?: number;
  /** Defaults to memory storage on the harness clock. */
  readonly storage?: Storage;
}

/** scrypt at a test cost (N = 2^10): the same code path as production, a thousandth of the work. */
export const TEST_SCRYPT_COST = { logN: 10, r: 8, p: 1 } as const;

export function createTestApp(options: TestAppOptions = {}): TestApp {
  const clock = new FixedClock(options.now ?? Date.UTC(2026, 0, 1, 12, 0, 30));
  const storage = options.storage ?? openMemoryStorage(clock);
  const logs: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (logs.push(String(chunk)), done()) });
  const container = buildContainer({
    keys: storage.keys,
    limits: storage.limits,
    audit: storage.audit,
    runner: new InlineToolRunner(),
    tools: options.tools ?? catalogTools,
    clock,
    secrets: new CryptoSecretSource(),
    env: options.env ?? "development",
    defaultPolicy: { limit: 60, windowMs: 60_000 },
    keyv: storage.keyv, passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
  });
  const app = createApp({
    authenticateKey: container.get(TOKENS.authenticateKey),
    consumeRateLimit: container.get(TOKENS.consumeRateLimit),
    executeTool: container.get(TOKENS.executeTool),
    catalog: container.get(TOKENS.toolCatalog),
    keys: storage.keys,
    logger: createLogger("info", sink),
    maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    accounts: resolveAccountDeps(container, { env: options.env ?? "development", defaultPolicy: { limit: 60, windowMs: 60_000 } }),
  });
  return {
    app,
    clock,
    storage,
    logs,
    container,
    async createKey(keyOptions = {}) {
      const result = await container.get(TOKENS.createKey).execute({
        name: keyOptions.name ?? "test",
        env: keyOptions.env ?? options.env ?? "development",
        limit: keyOptions.limit,
        windowSeconds: keyOptions.windowSeconds,
      });
      if (!result.ok) throw new Error(result.error.message);
      return { id: result.value.key.id, secret: result.value.secret };
    },
    async revokeKey(id) {
      const result = await container.get(TOKENS.revokeKey).execute({ id });
      if (!result.ok) throw new Error(result.error.message);
    },
  };
}

/** A POST with a JSON body to the in-process app. */
export function postJson(app: H3, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}
