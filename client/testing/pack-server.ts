import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadConfig } from "../../adapters/config.ts";
import { TOKENS } from "../../adapters/container.ts";
import { createLogger } from "../../adapters/logger.ts";
import { loadPacks } from "../../adapters/packs/load-packs.ts";
import { startServer } from "../../adapters/server.ts";
import { InlineToolRunner } from "../../adapters/tools/inline-tool-runner.ts";
import { mintCountedKey } from "../../adapters/testing/rate-window.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** The project's server on 127.0.0.1 with the example pack installed and one workspace that enabled it. */
export interface PackServer {
  readonly url: string;
  /** A key of that workspace (or of none: `workspace: false`), scoped when `scopes` is given. */
  mintKey(options?: KeyOptions): Promise<string>;
  close(): Promise<void>;
}

export interface KeyOptions {
  readonly scopes?: { tools?: string[]; categories?: string[] };
  readonly workspace?: boolean;
  readonly limit?: number;
}

export async function startPackServer(): Promise<PackServer> {
  const dir = mkdtempSync(join(tmpdir(), "client-packs-"));
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  const packs = await loadPacks(["./examples/tool-pack"], ROOT);
  const server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner(), packs });
  const workspaceId = "ws_client_tools";
  await server.container.get(TOKENS.workspacePackStore).enable(workspaceId, "example");
  const mintKey = async ({ scopes, workspace = true, limit = 1000 }: KeyOptions = {}) => {
    const created = await mintCountedKey(server.container, { name: "client-tools", limit, scopes, workspaceId: workspace ? workspaceId : null });
    return created.secret;
  };
  const close = async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: server.url, mintKey, close };
}
