import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../adapters/config.ts";
import { TOKENS } from "../../adapters/container.ts";
import { createLogger } from "../../adapters/logger.ts";
import { startServer } from "../../adapters/server.ts";
import type { Answer, Seen } from "./scripted-server.ts";
import { InlineToolRunner } from "../../adapters/tools/inline-tool-runner.ts";

/** The project's server on 127.0.0.1 with throwaway storage, and what the client tests need of it. */
export interface RealServer {
  readonly url: string;
  mintKey(policy?: { limit?: number; windowSeconds?: number }): Promise<string>;
  /** Replays a request the scripted server saw against this server and answers as it did. */
  forward(seen: Seen): Promise<Answer>;
  close(): Promise<void>;
}

export async function startRealServer(): Promise<RealServer> {
  const dir = mkdtempSync(join(tmpdir(), "client-real-"));
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  // Tools run inline: these tests never call an isolated tool, and a pool would warm three processes for nothing.
  const server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
  const mintKey = async ({ limit = 60, windowSeconds = 60 } = {}) => {
    const created = await server.container.get(TOKENS.createKey).execute({ name: "client-sdk", env: "development", limit, windowSeconds });
    if (!created.ok) throw new Error(created.error.message);
    return created.value.secret;
  };
  const forward = async (seen: Seen): Promise<Answer> => {
    const headers: Record<string, string> = {};
    for (const name of ["x-api-key", "content-type", "accept"]) if (typeof seen.headers[name] === "string") headers[name] = seen.headers[name];
    const response = await fetch(server.url + seen.path, { method: seen.method, headers, body: seen.body === "" ? undefined : seen.body });
    // Only the headers the client reads: length and framing belong to the proxy's own answer.
    const passed = [...response.headers].filter(([name]) => name.startsWith("x-") || name === "retry-after");
    return { status: response.status, headers: Object.fromEntries(passed), body: await response.json() };
  };
  const close = async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: server.url, mintKey, forward, close };
}
