import { execFile } from "node:child_process";
import { join } from "node:path";
import { expect } from "vitest";
import type { Clock } from "../../../../application/ports.ts";
import { type Config, loadConfig } from "../../../config.ts";
import { createLogger, type Logger } from "../../../logger.ts";
import { loadPacks } from "../../../packs/load-packs.ts";
import { ScryptPasswordHasher } from "../../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../../server.ts";
import { childEnv } from "../../../testing/child-env.ts";
import { TEST_SCRYPT_COST } from "../../../testing/harness.ts";
import type { SessionClient } from "../../../testing/key-races.ts";
import { built, createKeyWithCli } from "../../../testing/process.ts";
import { callOver, inviteOver, PASSWORD, teamOver } from "../../../testing/team-client.ts";
import { hashText } from "../../../tools/crypto/hash-text.ts";
import { InlineToolRunner } from "../../../tools/inline-tool-runner.ts";
import { canonicalJson } from "../export-format.ts";
import { migrateWithPatience, openStorage, type Storage } from "../../open-storage.ts";
import { openPostgresWith } from "../../postgres/postgres-storage.ts";
import { STORE_TEST_DEADLINE_MS } from "../../testing/deadline.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..", "..");
const packs = await loadPacks(["./examples/tool-pack"], ROOT);

/** `tool-api …` in a process of its own, as an operator runs it, seeing `env` only; its exit code and output. */
export function runToolApi(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [built("adapters/cli/tool-api"), ...args], { cwd: ROOT, env: childEnv(env) },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }));
  });
}

/**
 * A real server on the store `env` names (DATA_DIR, or REDIS_URL and REDIS_PREFIX), trusting the loopback proxy (the
 * tests' sign-ups come from addresses of their own), with the example pack installed. Events stay in the outbox (no
 * dispatch): the outbox is compared like every other record.
 */
export function startServerOn(env: Record<string, string>): Promise<RunningServer> {
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", TRUST_PROXY: "loopback", ...env });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  return startServer(loaded.value, {
    logger: createLogger("silent"), tools: [hashText], packs, runner: new InlineToolRunner(),
    passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST), events: { dispatch: false }, openStorage: withTestDeadline,
  });
}

/**
 * The configured store, PostgreSQL with the suites' statement deadline (STORE_TEST_DEADLINE_MS): these tests prove
 * what a move keeps, and on a loaded CI machine a sign-in's statement once ran past the server's 1 s (a 503).
 */
async function withTestDeadline(config: Config, clock: Clock, logger?: Logger): Promise<Storage> {
  if (!config.databaseUrl) return openStorage(config, clock, logger);
  const storage = await openPostgresWith(config, clock, { logger, deadlineMs: STORE_TEST_DEADLINE_MS });
  await migrateWithPatience(storage, logger);
  return storage;
}

let addresses = 0;

/** Signs in over the session API from an address of its own; null when refused. */
export async function signInOver(baseUrl: string, email: string, password = PASSWORD): Promise<SessionClient | null> {
  addresses += 1;
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${addresses >> 8}.${addresses & 255}` }, body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) return null;
  const { data } = await response.json();
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  return { cookie, csrf: data.csrfToken, accountId: data.account.id, workspaceId: "" };
}

/** POST /execute/{tool} with `secret`: the status. */
export async function executeWith(baseUrl: string, secret: string, tool = "hash-text", input: unknown = { algorithm: "sha256", text: "abc" }): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/execute/${tool}`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": secret }, body: JSON.stringify({ input }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** What the workspace's people see over the session API: the views a move must keep. */
export async function readViews(baseUrl: string, client: SessionClient, workspaceId: string) {
  const get = async (path: string) => {
    const answer = await callOver(baseUrl, client, "GET", `/workspaces/${workspaceId}${path}`);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
    return answer.body.data;
  };
  const audit: unknown[] = [];
  for (let cursor = ""; ;) {
    // Small pages, so paging itself (the cursors) is compared too.
    const page = (await get(`/audit?limit=3${cursor ? `&cursor=${cursor}` : ""}`)) as { events: unknown[]; nextCursor: string | null };
    audit.push(page.events);
    if (page.nextCursor === null) break;
    cursor = encodeURIComponent(page.nextCursor);
  }
  const { usage } = (await get("/usage?granularity=hour")) as { usage: Record<string, unknown> };
  return {
    members: await get("/members"), keys: await get("/keys"), packs: await get("/packs"), webhooks: await get("/webhooks"),
    invitations: await get("/invitations"), audit, usage: { totals: usage.totals, keys: usage.keys },
  };
}

/** An export's entries without their expiries, in one order (a Redis SCAN's is arbitrary); an import re-times expiries. */
export function entriesOf(exported: string): string[] {
  return [...expiriesOf(exported).keys()].sort();
}

/** Each entry of an export (without its expiry) and its expiry (0: none). */
export function expiriesOf(exported: string): Map<string, number> {
  // The header and the end line are about the file, not the store.
  const lines = exported.trim().split("\n").slice(1, -1);
  return new Map(lines.map((line) => {
    const { expiresAt, ...entry } = JSON.parse(line) as { expiresAt?: number };
    // Counters in any order: a store keeps a bucket's fields in its own.
    return [canonicalJson(entry), expiresAt ?? 0];
  }));
}

/** A workspace with a member, a pending invitation, keys (rotated in grace, revoked, scoped), the example pack, a webhook, audit and usage. */
export async function populate(env: Record<string, string>) {
  const server = await startServerOn(env);
  const { url } = server;
  try {
    const { workspaceId, owner, member } = await teamOver([url], `move-${Date.now().toString(36)}`, "member");
    const rotated = await createKeyWithCli(env, ["--workspace", workspaceId]);
    const revoked = await createKeyWithCli(env, ["--workspace", workspaceId]);
    const scoped = await createKeyWithCli(env, ["--workspace", workspaceId, "--tools", "hash-text"]);
    const rotation = await callOver(url, owner, "POST", `/workspaces/${workspaceId}/keys/${rotated.id}/rotate`, { graceSeconds: 3600 });
    const secret = rotation.body.data?.secret as string;
    expect((await callOver(url, owner, "POST", `/workspaces/${workspaceId}/keys/${revoked.id}/revoke`)).status).toBe(200);
    expect((await callOver(url, owner, "POST", `/workspaces/${workspaceId}/packs/example`)).status).toBe(200);
    const webhook = await callOver(url, owner, "POST", `/workspaces/${workspaceId}/webhooks`, { url: "https://93.184.215.14/tool-api" });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    const pendingEmail = `pending-${workspaceId.toLowerCase()}@example.com`;
    const invitation = await inviteOver(url, owner, workspaceId, pendingEmail, "member");
    expect(invitation.status).toBe(201);
    const calls = [secret, secret, rotated.secret].map((key) => executeWith(url, key));
    expect(await Promise.all([...calls, executeWith(url, secret, "example.reverse-text", { text: "abc" })])).toEqual([200, 200, 200, 200]);
    expect(await executeWith(url, revoked.secret)).toBe(401);
    expect([await executeWith(url, scoped.secret), await executeWith(url, scoped.secret, "example.reverse-text", { text: "abc" })]).toEqual([200, 403]);
    return {
      workspaceId, owner, member, secret, oldSecret: rotated.secret, revokedSecret: revoked.secret, scopedSecret: scoped.secret,
      pendingEmail, invitationToken: invitation.token,
    };
  } finally {
    // Closing flushes the counted usage: views read later and an export see every call.
    await server.close();
  }
}

/** What the source's owner sees, read by a server started again on the source (the session is still there). */
export async function viewsOf(env: Record<string, string>, owner: SessionClient, workspaceId: string) {
  const server = await startServerOn(env);
  try {
    return await readViews(server.url, owner, workspaceId);
  } finally {
    await server.close();
  }
}
