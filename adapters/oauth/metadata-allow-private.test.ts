import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s256ChallengeOf } from "../../domain/oauth.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { startServer } from "../server.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { VERIFIER } from "./testing.ts";

// A listener on 127.0.0.1 standing in for a Client ID Metadata Document's host: it counts the connections the
// server opens to it and closes each (the fetch then fails, after the address was let through or not).
let connections = 0;
let listener: Server;
let port = 0;
const dirs: string[] = [];

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Connections the server opened to the listener while asking it to authorize the metadata-document client there. */
async function connectionsForAuthorization(env: Record<string, string>): Promise<{ opened: number; status: number }> {
  const dir = mkdtempSync(join(tmpdir(), "metadata-private-"));
  dirs.push(dir);
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", ...env });
  if (!config.ok) throw new Error(config.error.join("; "));
  const server = await startServer(config.value, { logger: createLogger("silent"), tools: [hashText] });
  try {
    const before = connections;
    const query = new URLSearchParams({
      response_type: "code", client_id: `https://127.0.0.1:${port}/client.json`, redirect_uri: "http://127.0.0.1:33418/callback",
      code_challenge: s256ChallengeOf(VERIFIER), code_challenge_method: "S256", state: "s", resource: `${server.url}/mcp`,
    });
    const response = await fetch(`${server.url}/oauth/authorize?${query}`, { redirect: "manual" });
    await response.body?.cancel();
    return { opened: connections - before, status: response.status };
  } finally {
    await server.close();
  }
}

describe("WEBHOOK_ALLOW_PRIVATE and Client ID Metadata Documents (the webhook rules for refused addresses)", () => {
  it("unset: a document on a loopback address is refused before any connection", async () => {
    expect(await connectionsForAuthorization({})).toEqual({ opened: 0, status: 400 });
  });

  it("true: the same document's host is connected to, as a webhook's would be", async () => {
    expect(await connectionsForAuthorization({ WEBHOOK_ALLOW_PRIVATE: "true" })).toEqual({ opened: 1, status: 400 });
  });
});
