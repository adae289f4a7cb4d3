import { Writable } from "node:stream";
import type { H3 } from "h3";
import type { Environment } from "../../domain/api-key.ts";
import type { AnyTool } from "../../domain/tool.ts";
import { buildContainer, TOKENS } from "../container.ts";
import { buildToolCore } from "../core/create-tool-core.ts";
import { createApp } from "../http/app.ts";
import { createLogger } from "../logger.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { openMemoryStorage, type Storage } from "../storage/open-storage.ts";
import { FixedClock } from "../system.ts";
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
  /**
   * Stops the core's background work (event dispatch, usage flushes), then closes its storage: the app keeps
   * answering, on a store that is gone. Closing the storage alone would race that work's reads against the close.
   */
  closeCore(): Promise<void>;
}

export interface TestAppOptions {
  readonly env?: Environment;
  readonly maxBodyBytes?: number;
  readonly tools?: readonly AnyTool[];
  readonly now?: number;
  /** Defaults to memory storage on the harness clock. */
  readonly storage?: Storage;
  /** PUBLIC_URL; without one the app serves no OAuth routes (their issuer and resource are made from it). */
  readonly publicUrl?: string;
}

/** scrypt at a test cost (N = 2^10): the same code path as production, a thousandth of the work. */
export const TEST_SCRYPT_COST = { logN: 10, r: 8, p: 1 } as const;

export function createTestApp(options: TestAppOptions = {}): TestApp {
  const clock = new FixedClock(options.now ?? Date.UTC(2026, 0, 1, 12, 0, 30));
  const storage = options.storage ?? openMemoryStorage(clock);
  const logs: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (logs.push(String(chunk)), done()) });
  const core = buildToolCore({
    storage, clock, runner: new InlineToolRunner(), tools: options.tools ?? catalogTools, env: options.env ?? "development",
    passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
    ...(options.publicUrl === undefined ? {} : { events: { publicUrl: options.publicUrl } }),
  });
  const { container } = core.services;
  const app = createApp(core, { logger: createLogger("info", sink), maxBodyBytes: options.maxBodyBytes ?? 1_048_576, publicUrl: options.publicUrl });
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
    closeCore: () => core.close(),
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
