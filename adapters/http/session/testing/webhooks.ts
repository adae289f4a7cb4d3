import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { loadConfig } from "../../../config.ts";
import { createLogger } from "../../../logger.ts";
import { ScryptPasswordHasher } from "../../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../../server.ts";
import { TEST_SCRYPT_COST } from "../../../testing/harness.ts";
import { type SessionClient, sessionCall } from "../../../testing/key-races.ts";
import { hashText } from "../../../tools/crypto/hash-text.ts";

/** One POST a receiver got: its path, headers (lower case) and raw body. */
export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook receiver on 127.0.0.1 that records every request and answers `status` (200 unless changed). */
export interface Receiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  status: number;
  close(): Promise<void>;
}

/** Starts a Receiver on a free port of 127.0.0.1. */
export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const receiver = { status: 200 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Polls `read` until it answers something truthy (or `timeoutMs` passes, then fails naming `what`). */
export async function waitFor<T>(what: string, read: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Invites `invitee` into the workspace as `role` (by `owner`) and accepts as them, over the session API. */
export async function join(baseUrl: string, owner: SessionClient, workspaceId: string, invitee: SessionClient & { email: string }, role: "admin" | "member") {
  const invited = await sessionCall(baseUrl, owner, "POST", `/workspaces/${workspaceId}/invitations`, { email: invitee.email, role });
  expect(invited.status).toBe(201);
  const token = (invited.body.data?.acceptUrl as string).split("/").pop();
  expect((await sessionCall(baseUrl, invitee, "POST", "/invitations/accept", { token })).status).toBe(200);
}

/** The body of a session-API answer, typed loosely for assertions. */
export type Body = { status: string; data?: Record<string, any>; error_code?: string; details?: { path: string; message: string }[] };

/** A server on 127.0.0.1 over a fresh data directory; `allowPrivate` is WEBHOOK_ALLOW_PRIVATE. */
export async function webhookServer(prefix: string, allowPrivate: boolean): Promise<{ server: RunningServer; close(): Promise<void> }> {
  const dir = mkdtempSync(joinPath(tmpdir(), prefix));
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dir, WEBHOOK_ALLOW_PRIVATE: String(allowPrivate), WEBHOOK_RETRY_SCHEDULE: "1,1" });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  const server = await startServer(loaded.value, { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) });
  return { server, close: async () => (await server.close(), rmSync(dir, { recursive: true, force: true })) };
}
