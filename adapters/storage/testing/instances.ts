import { spawn } from "node:child_process";
import { expect } from "vitest";
import { join } from "node:path";
import type { Logger } from "../../logger.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { TOKENS } from "../../container.ts";
import { childEnv } from "../../testing/child-env.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { redisConfig } from "./redis.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const HELLO = JSON.stringify({ input: { algorithm: "sha256", text: "hello" } });

/** Server instances as `npm start` runs them (startServer on 127.0.0.1:0), each with its own Redis connection. */
export async function startInstances(url: string, prefix: string, count: number, logger?: Logger): Promise<RunningServer[]> {
  const config = redisConfig(url, prefix);
  const servers: RunningServer[] = [];
  for (let i = 0; i < count; i++) {
    servers.push(await startServer(config, { logger: logger ?? createLogger("silent"), tools: [hashText] }));
  }
  return servers;
}

/** Creates a key through an instance's CreateKey use case; returns its id and secret. */
export async function createKeyOn(server: RunningServer, limit: number, windowSeconds: number): Promise<{ id: string; secret: string }> {
  const result = await server.container.get(TOKENS.createKey).execute({ name: "redis-test", env: "development", limit, windowSeconds });
  if (!result.ok) throw new Error(result.error.message);
  return { id: result.value.key.id, secret: result.value.secret };
}

/** POST /api/v1/execute/hash-text with the key; resolves with the status and the error_code, body consumed. */
export async function execute(baseUrl: string, secret: string): Promise<{ status: number; errorCode?: string; ms: number }> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/execute/hash-text`, {
    method: "POST",
    headers: { "x-api-key": secret, "content-type": "application/json" },
    body: HELLO,
  });
  const body = (await response.json()) as { error_code?: string };
  return { status: response.status, errorCode: body.error_code, ms: performance.now() - start };
}

/** What `count` concurrent execute calls of one key answered in the end, and how many answers were 503s first. */
export interface ConcurrentCalls {
  readonly statuses: readonly number[];
  readonly failedClosed: number;
}

/**
 * `count` execute calls of one key at once, spread over `urls` in turn. A call answered 503 is sent again (up to 5
 * tries): on a loaded machine a Redis reply can miss its 1 s deadline, and 503 is then the contract's answer.
 */
export async function executeConcurrently(urls: readonly string[], secret: string, count: number): Promise<ConcurrentCalls> {
  let failedClosed = 0;
  const once = async (url: string) => {
    for (let attempt = 1; ; attempt++) {
      const { status } = await execute(url, secret);
      if (status !== 503 || attempt === 5) return status;
      failedClosed += 1;
    }
  };
  const statuses = await Promise.all(Array.from({ length: count }, (_, i) => once(urls[i % urls.length])));
  return { statuses, failedClosed };
}

/**
 * The limit held: exactly `limit` calls let through (200) and the rest refused (429). A call that failed closed may
 * have spent a unit before its reply missed the deadline, so with n such calls between limit − n and limit pass;
 * never more than the limit.
 */
export function expectLimitHeld({ statuses, failedClosed }: ConcurrentCalls, limit: number, label = ""): void {
  const passed = statuses.filter((status) => status === 200).length;
  expect(statuses.filter((status) => status !== 200 && status !== 429), `${label} answers other than 200 and 429`).toEqual([]);
  if (failedClosed === 0) expect(passed, label).toBe(limit);
  expect(passed, `${label} (${failedClosed} calls failed closed first)`).toBeLessThanOrEqual(limit);
  expect(passed, `${label} (${failedClosed} calls failed closed first)`).toBeGreaterThanOrEqual(limit - failedClosed);
}

/** GET /api/v1/health: the status and how long it took. */
export async function health(baseUrl: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/health`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - start };
}

/** Runs `npm run -s keys -- …` in its own process, as an operator would, against the given Redis and prefix (`env` only: childEnv). */
export function runKeysCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "keys", "--", ...args], { cwd: ROOT, env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Polls `check` until it holds; returns the milliseconds it took, or throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 25): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return performance.now() - start;
}
