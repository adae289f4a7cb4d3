/**
 * The typed client SDK (`client/`, the package `tool-execution-client`) against a local server, showing its backoff.
 * Run `npx tsx examples/client.ts`: it starts the server in-process with a key limited to 2 requests per 2 s and makes
 * 5 calls, so the client meets 429s and waits out `Retry-After` by itself. Against a deployment instead:
 * `TOOL_API_URL=https://tools.example.com TOOL_API_KEY=tk_… npx tsx examples/client.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../adapters/config.ts";
import { TOKENS } from "../adapters/container.ts";
import { createLogger } from "../adapters/logger.ts";
import { startServer } from "../adapters/server.ts";
// In your own project: import { ToolApiError, ToolClient } from "tool-execution-client";
import { ToolApiError, ToolClient } from "../client/src/index.ts";

/** Five typed calls and one refused input; every request and what the server answered goes to `log`. */
export async function runClientDemo(baseUrl: string, apiKey: string, log: (line: string) => void): Promise<string[]> {
  const started = Date.now();
  const tracing: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const wait = response.headers.get("retry-after");
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(`[${seconds}s] ${init?.method ?? "GET"} ${new URL(String(input)).pathname} → ${response.status}${wait ? ` (Retry-After: ${wait}; the client waits, then retries)` : ""}`);
    return response;
  };
  // A server asking for a wait past maxWaitMs fails the call at once (ToolApiError.retryAfterSeconds says how long).
  const client = new ToolClient({ baseUrl, apiKey, fetch: tracing, retry: { maxAttempts: 5, baseMs: 200, capMs: 5_000, maxWaitMs: 10_000 } });
  const digests: string[] = [];
  for (const text of ["one", "two", "three", "four", "five"]) {
    // The input is checked against hash-text's schema at compile time, and `digest` is typed from its output.
    const { digest } = await client.execute("hash-text", { algorithm: "sha256", text });
    digests.push(digest);
  }
  log(`5 calls served: ${digests.map((digest) => digest.slice(0, 8)).join(" ")}`);
  try {
    await client.execute("hash-text", { algorithm: "sha256", text: 42 as unknown as string });
  } catch (error) {
    if (!(error instanceof ToolApiError)) throw error;
    // 422 is final: the client never retries it, and hands over the server's details.
    log(`refused: ${error.status} ${error.errorCode} at ${error.details?.map((issue) => issue.path).join(", ")} (request ${error.requestId})`);
  }
  return digests;
}

/** The project's server on 127.0.0.1 with throwaway storage, and a key limited to 2 requests per 2 s. */
export async function startLocalServer(): Promise<{ url: string; apiKey: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "client-example-"));
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "silent" });
  if (!config.ok) throw new Error(config.error.join("; "));
  const server = await startServer(config.value, { logger: createLogger("silent") });
  const key = await server.container.get(TOKENS.createKey).execute({ name: "client-example", env: "development", limit: 2, windowSeconds: 2 });
  if (!key.ok) throw new Error(key.error.message);
  const close = async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: server.url, apiKey: key.value.secret, close };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const remote = process.env.TOOL_API_URL;
  const local = remote ? undefined : await startLocalServer();
  try {
    await runClientDemo(remote ?? local?.url ?? "", remote ? (process.env.TOOL_API_KEY ?? "") : (local?.apiKey ?? ""), console.log);
  } finally {
    await local?.close();
  }
}
