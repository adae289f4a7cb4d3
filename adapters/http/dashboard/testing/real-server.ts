import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../../config.ts";
import { createLogger } from "../../../logger.ts";
import { loadPacks } from "../../../packs/load-packs.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../../server.ts";
import { InlineToolRunner } from "../../../tools/inline-tool-runner.ts";

/** What differs between files that start a real server: startServer's options, config variables and packs. */
export type RealServerOptions = Omit<ServerOptions, "packs"> & {
  /** Prefix of the fresh temporary DATA_DIR, so a leftover directory names the file that made it. */
  readonly dataDirPrefix?: string;
  /** Config variables added to HOST=127.0.0.1, PORT=0, DATA_DIR and LOG_LEVEL=silent (webhooks: WEBHOOK_ALLOW_PRIVATE). */
  readonly env?: Readonly<Record<string, string>>;
  /** Pack specifiers as TOOL_PACKS lists them, loaded in beforeAll. */
  readonly packSpecifiers?: readonly string[];
};

/**
 * Registers beforeAll/afterAll hooks that start a real server on 127.0.0.1 (a random port, a fresh data directory,
 * tools inline) and then close it: for dashboard tests over real HTTP. Read the result inside tests.
 */
export function useRealServer(options: RealServerOptions = {}): { readonly server: RunningServer } {
  const { dataDirPrefix = "dashboard-http-", env = {}, packSpecifiers, ...serverOptions } = options;
  let server: RunningServer | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
    const config = loadConfig({ ...env, HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    if (!config.ok) throw new Error(config.error.join("; "));
    const packs = packSpecifiers ? await loadPacks(packSpecifiers) : undefined;
    // Tools run inline: these tests never call an isolated tool, and a pool would warm three processes for nothing.
    server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner(), ...serverOptions, packs });
  });

  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get server() {
      if (!server) throw new Error("the server is not running: read it inside a test, after beforeAll");
      return server;
    },
  };
}
