import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AuditEvent } from "../../domain/audit.ts";
import { TOKENS } from "../container.ts";
import { findTestRedis, uniquePrefix, deleteKeysUnder } from "../storage/testing/redis.ts";
import { startServerProcess, waitUntil } from "../testing/process.ts";
import { act, afterLeases, CLOCK_AHEAD_VARIABLE, openSharedStore, person, type Person, type SharedStore, workspaceWithEndpoint } from "./testing/kill-fixture.ts";
import { type Receiver, startReceiver } from "./testing/receiver.ts";

const ENTRY = join(import.meta.dirname, "testing", "light-server.mjs");
const ROUNDS = 5;
const ACCEPTS = 6;
const ROTATIONS = 2;
const CREATIONS = 2;
const redisUrl = await findTestRedis();
const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const backends = [
  { name: "LMDB", env: (): Record<string, string> => {
    const dir = mkdtempSync(join(tmpdir(), "kill-lmdb-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: dir };
  } },
  ...(redisUrl ? [{ name: "Redis", env: (): Record<string, string> => {
    const prefix = uniquePrefix("kill");
    cleanups.push(() => deleteKeysUnder(redisUrl, prefix));
    return { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  } }] : []),
];

const serverEnv = (store: Record<string, string>) => ({ ...store, WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1,1,1,1,1,1,1,1,1,1,1,1", LOG_LEVEL: "warn" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every audit event of a workspace (a few pages). */
async function auditOf(store: SharedStore, workspaceId: string): Promise<AuditEvent[]> {
  return [...(await store.core.services.container.get(TOKENS.auditLog).list(workspaceId, 1000))];
}

/** The webhook-ids a receiver answered 2xx. */
const deliveredIds = (receiver: Receiver) => new Set(receiver.received.filter((request) => request.status < 300).map((request) => String(request.headers["webhook-id"])));

// Every test has a store, a receiver and server processes of its own: they run side by side, their server starts
// (seconds of tsx each, most of the file's time) overlapping.
// A restart whose clock did not run ahead would still pass, only sitting out the leases in real time.
it("restarts its light servers with their clock ahead: the server reads the variable afterLeases sets", () => {
  expect(readFileSync(ENTRY, "utf8")).toMatch(new RegExp(`process\\.env\\.${CLOCK_AHEAD_VARIABLE}\\b`));
});

describe.concurrent.each(backends)("kill -9 on $name", (backend) => {
  it("leaves every accept, rotation and workspace creation whole: with its audit event and its delivered event, or none", async ({ expect }) => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const env = serverEnv(backend.env());
    const store = await openSharedStore(env);
    cleanups.push(() => store.close());
    const { container } = store.core.services;
    const owner = await person(store, "owner", 0);
    // The endpoint wants only the events judged below: the set-up's invitations and keys would queue theirs first, and
    // the dispatcher sends 4 at a time to one endpoint (PER_ENDPOINT_IN_FLIGHT), the rest a second later.
    const workspaceId = await workspaceWithEndpoint(store, owner, receiver.url, ["member.joined", "key.rotated"]);
    const invitees = await Promise.all(Array.from({ length: ROUNDS * ACCEPTS }, async (_, i): Promise<Person & { token: string }> => {
      const invitee = await person(store, "invitee", i + 1);
      const invited = await container.get(TOKENS.inviteMember).execute({ accountId: owner.accountId, workspaceId, email: invitee.email, role: "member" });
      if (!invited.ok) throw new Error(invited.error.message);
      return { ...invitee, token: invited.value.token };
    }));
    const keys = await Promise.all(Array.from({ length: ROUNDS * ROTATIONS }, async (_, i) => {
      const made = await container.get(TOKENS.createWorkspaceKey).execute({ accountId: owner.accountId, workspaceId, name: `k${i}`, env: "development" });
      if (!made.ok) throw new Error(made.error.message);
      return { id: made.value.key.id, hash: (await container.get(TOKENS.apiKeyStore).findById(made.value.key.id))!.secretHash };
    }));
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServerProcess(env, ENTRY);
      // A first session request warms the routes up, so the kill lands among the changes, not before them.
      await act(server.url, owner, "GET", "/workspaces", undefined);
      const accepts = invitees.slice(round * ACCEPTS, (round + 1) * ACCEPTS).map((invitee) => act(server.url, invitee, "POST", "/invitations/accept", { token: invitee.token }));
      const rotations = keys.slice(round * ROTATIONS, (round + 1) * ROTATIONS).map((key) => act(server.url, owner, "POST", `/workspaces/${workspaceId}/keys/${key.id}/rotate`, {}));
      const calls = [...accepts, ...rotations, ...Array.from({ length: CREATIONS }, (_, i) => act(server.url, owner, "POST", "/workspaces", { name: `r${round}-${i}` }))];
      // Half the rounds kill once an accept and a rotation have answered (so some of each land), the others at a random moment.
      if (round % 2 === 0) await Promise.all([Promise.race(accepts), Promise.race(rotations)]);
      await sleep(Math.floor(Math.random() * (round % 2 === 0 ? 30 : 250)));
      server.child.kill("SIGKILL");
      await server.exited;
      statuses.push(...(await Promise.all(calls)));
    }
    // One more start, once the kills' leases have ended: it finishes or drops what they left and sends what is due.
    const server = await startServerProcess(afterLeases(env), ENTRY);
    cleanups.push(() => void server.child.kill("SIGKILL"));
    const problems = async (): Promise<string[]> => {
      const audit = await auditOf(store, workspaceId);
      const delivered = deliveredIds(receiver);
      const found: string[] = [];
      for (const invitee of invitees) {
        const joined = audit.filter((event) => event.type === "member.joined" && event.memberAccountId === invitee.accountId);
        const member = await container.get(TOKENS.workspaceStore).findMembership(workspaceId, invitee.accountId);
        const invitation = (await container.get(TOKENS.invitationStore).listByWorkspace(workspaceId)).find((each) => each.email === invitee.email);
        if ((invitation?.status === "accepted") !== !!member || joined.length !== (member ? 1 : 0)) found.push(`${invitee.email}: ${invitation?.status}, member ${!!member}, ${joined.length} member.joined`);
        for (const event of joined) if (!delivered.has(event.id)) found.push(`${invitee.email}: member.joined ${event.id} not delivered`);
      }
      for (const key of keys) {
        const rotated = (await container.get(TOKENS.apiKeyStore).findById(key.id))!.secretHash !== key.hash;
        const events = audit.filter((event) => event.type === "key.rotated" && event.keyId === key.id);
        if (events.length !== (rotated ? 1 : 0)) found.push(`${key.id}: rotated ${rotated}, ${events.length} key.rotated`);
        for (const event of events) if (!delivered.has(event.id)) found.push(`${key.id}: key.rotated ${event.id} not delivered`);
      }
      for (const membership of await container.get(TOKENS.workspaceStore).listMemberships(owner.accountId)) {
        if (!(await container.get(TOKENS.workspaceStore).findById(membership.workspaceId))) found.push(`${membership.workspaceId}: owner without workspace`);
      }
      return found;
    };
    await waitUntil(async () => (await problems()).length === 0, 45_000, 500).catch(() => undefined);
    expect(await problems(), `answers before the kills: ${statuses.join(",")}`).toEqual([]);
    const audit = await auditOf(store, workspaceId);
    // Many trials: some changes of each kind were made, and some were cut off before they could be.
    expect(audit.filter((event) => event.type === "member.joined").length).toBeGreaterThan(0);
    expect(audit.filter((event) => event.type === "key.rotated").length).toBeGreaterThan(0);
  }, 240_000);

  it("delivers a revoke's event after a kill -9 right after its 200, once the server restarts and the receiver is back", async ({ expect }) => {
    const first = await startReceiver();
    const port = Number(new URL(first.url).port);
    await first.close();
    const env = serverEnv(backend.env());
    const store = await openSharedStore(env);
    cleanups.push(() => store.close());
    const owner = await person(store, "owner", 0);
    const workspaceId = await workspaceWithEndpoint(store, owner, first.url, ["key.revoked"]);
    const made = await store.core.services.container.get(TOKENS.createWorkspaceKey).execute({ accountId: owner.accountId, workspaceId, name: "doomed", env: "development" });
    if (!made.ok) throw new Error(made.error.message);
    const server = await startServerProcess(env, ENTRY);
    expect(await act(server.url, owner, "POST", `/workspaces/${workspaceId}/keys/${made.value.key.id}/revoke`, {})).toBe(200);
    server.child.kill("SIGKILL");
    await server.exited;
    const back = await startReceiver([200], "/hook", port);
    cleanups.push(() => back.close());
    const again = await startServerProcess(afterLeases(env), ENTRY);
    cleanups.push(() => void again.child.kill("SIGKILL"));
    const revoked = (await auditOf(store, workspaceId)).find((event) => event.type === "key.revoked");
    expect(revoked).toBeDefined();
    // An attempt in flight at the kill is tried again once its lease ends (the restart comes after it); one not yet started, at once.
    await waitUntil(async () => deliveredIds(back).has(revoked!.id), 45_000, 100);
  }, 120_000);
});
