import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { type SessionClient, sessionCall, signUpOver } from "../../testing/key-races.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";

const options = { logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST) };

/** A POST over node:http, whose `Host` header is sent as given (fetch may set its own). */
function postWithHost(url: string, host: string, client: SessionClient, body: unknown): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const payload = JSON.stringify(body);
  const headers = { host, cookie: client.cookie, "x-csrf-token": client.csrf, "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) };
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: "POST", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    sent.on("error", reject).end(payload);
  });
}

/** Starts a server on 127.0.0.1 (a free port) with `env`; returns it and a cleanup. */
async function serve(env: NodeJS.ProcessEnv): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "public-url-"));
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dir, ...env });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  const server = await startServer(loaded.value, options);
  return { server, stop: async () => { await server.close(); rmSync(dir, { recursive: true, force: true }); } };
}

/** Signs an owner up, makes a shared workspace and invites through it with a forged Host; answers the acceptUrl. */
async function inviteWithForgedHost(server: RunningServer): Promise<string> {
  const owner = await signUpOver(server.url, `owner-${Math.random().toString(36).slice(2)}@example.com`);
  const created = await sessionCall(server.url, owner, "POST", "/workspaces", { name: "Team" });
  const workspaceId = (created.body.data?.workspace as { id: string }).id;
  const answer = await postWithHost(`${server.url}/api/v1/workspaces/${workspaceId}/invitations`, "evil.example", owner, { email: "bob@example.com", role: "member" });
  expect(answer.status).toBe(201);
  return answer.body.data?.acceptUrl as string;
}

describe("links use PUBLIC_URL, never the request's Host", () => {
  let configured: Awaited<ReturnType<typeof serve>>;
  let defaulted: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    [configured, defaulted] = await Promise.all([serve({ PUBLIC_URL: "https://tools.example.com/" }), serve({})]);
  });
  afterAll(async () => {
    await Promise.all([configured?.stop(), defaulted?.stop()]);
  });

  it("builds the acceptUrl on the configured PUBLIC_URL, whatever Host the request names", async () => {
    const acceptUrl = await inviteWithForgedHost(configured.server);
    expect(acceptUrl).toMatch(/^https:\/\/tools\.example\.com\/dashboard\/invitations\/[A-Za-z0-9_-]{43}$/);
  });

  it("without PUBLIC_URL builds it on http://<HOST>:<the port bound> (PORT=0), not on the Host either", async () => {
    const acceptUrl = await inviteWithForgedHost(defaulted.server);
    expect(acceptUrl).toMatch(new RegExp(`^${defaulted.server.url}/dashboard/invitations/[A-Za-z0-9_-]{43}$`));
    expect(defaulted.server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  });
});
