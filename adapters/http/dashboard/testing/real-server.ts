import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../../config.ts";
import { createLogger } from "../../../logger.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../../server.ts";
import { InlineToolRunner } from "../../../tools/inline-tool-runner.ts";

/**
 * Registers beforeAll/afterAll hooks that start a real server on 127.0.0.1 (a random port, a fresh data directory,
 * tools inline) and then close it: for dashboard tests over real HTTP without a browser. Read the result inside tests.
 */
export function useRealServer(options: ServerOptions & { readonly dataDirPrefix?: string } = {}): { readonly server: RunningServer } {
  const { dataDirPrefix = "dashboard-http-", ...serverOptions } = options;
  let server: RunningServer | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
    const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    if (!config.ok) throw new Error(config.error.join("; "));
    server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner(), ...serverOptions });
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
