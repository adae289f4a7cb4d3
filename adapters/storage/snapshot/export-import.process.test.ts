import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acceptOver, callOver, signUpFrom } from "../../testing/team-client.ts";
import { createTestDatabase, findTestPostgres } from "../postgres/testing/postgres.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "../testing/redis.ts";
import { canonicalJson, EXPORT_FORMAT, EXPORT_VERSION } from "./export-format.ts";
import { entriesOf, executeWith, expiriesOf, populate, readViews, runToolApi, signInOver, startServerOn, viewsOf } from "./testing/moved-store.ts";

const redisUrl = await findTestRedis();
const hasPostgres = await findTestPostgres();
type Env = Record<string, string>;

// The contract's move: a deployment's records, written through a real server and the keys CLI, exported by one
// `tool-api export` process and imported by another into a fresh store of the other kind, then served from there.
// Every test has stores and files of its own: they run side by side, their CLI processes (seconds of tsx each) and
// servers overlapping.
describe.skipIf(!redisUrl).concurrent("tool-api export and import", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  const workDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "tool-api-export-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  const embedded = async (): Promise<Env> => ({ DATA_DIR: join(workDir(), "data") });
  const redis = async (): Promise<Env> => {
    const prefix = uniquePrefix("export");
    cleanups.push(() => deleteKeysUnder(redisUrl as string, prefix));
    return { REDIS_URL: redisUrl as string, REDIS_PREFIX: prefix };
  };
  const postgres = async (): Promise<Env> => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    return { DATABASE_URL: database.url };
  };
  const moves: Array<[string, string, () => Promise<Env>, () => Promise<Env>]> = [
    ["the embedded store", "Redis", embedded, redis],
    ["Redis", "the embedded store", redis, embedded],
    ...(hasPostgres ? [["the embedded store", "PostgreSQL", embedded, postgres], ["PostgreSQL", "Redis", postgres, redis]] as typeof moves : []),
  ];
  const exportFrom = async (env: Env): Promise<string> => {
    const file = join(workDir(), "export.jsonl");
    const run = await runToolApi(["export", "--output", file], env);
    expect(run.code, run.stderr).toBe(0);
    return readFileSync(file, "utf8");
  };
  const importInto = async (env: Env, file: string) => {
    const run = await runToolApi(["import", "--input", file], env);
    return { ...run, written: Number(/(\d+) written/.exec(run.stderr)?.[1]) };
  };
  const expectSameEntries = (a: string, b: string) => {
    expect(entriesOf(b)).toEqual(entriesOf(a));
    const later = expiriesOf(b);
    // An import sets each expiry again from the time left: equal up to the milliseconds the import took.
    for (const [entry, expiresAt] of expiriesOf(a)) expect(Math.abs((later.get(entry) ?? NaN) - expiresAt), entry).toBeLessThan(5_000);
  };

  it.each(moves)("moves every key, account, member, invitation, pack, webhook, audit event and usage count from %s to %s", async (_from, _to, source, target) => {
    const sourceEnv = await source();
    const targetEnv = await target();
    const populated = await populate(sourceEnv);
    const before = { ...populated, views: await viewsOf(sourceEnv, populated.owner, populated.workspaceId) };
    const exported = await exportFrom(sourceEnv);
    expect(JSON.parse(exported.split("\n")[0])).toMatchObject({ format: EXPORT_FORMAT, version: EXPORT_VERSION });
    const file = join(workDir(), "moved.jsonl");
    writeFileSync(file, exported);

    const first = await importInto(targetEnv, file);
    expect(first.code, first.stderr).toBe(0);
    expect(first.written).toBe(entriesOf(exported).length);
    const imported = await exportFrom(targetEnv);
    expectSameEntries(exported, imported);
    const again = await importInto(targetEnv, file);
    expect([again.code, again.written], again.stderr).toEqual([0, 0]);
    expectSameEntries(imported, await exportFrom(targetEnv));

    const server = await startServerOn(targetEnv);
    const { url } = server;
    try {
      // Sessions stay behind: the old cookie is no session here, the password signs in.
      expect((await callOver(url, before.owner, "GET", "/workspaces")).status).toBe(401);
      const owner = await signInOver(url, before.owner.email);
      expect(owner).not.toBeNull();
      expect(await readViews(url, owner!, before.workspaceId)).toEqual(before.views);
      expect(await signInOver(url, before.member.email)).not.toBeNull();
      expect(await signInOver(url, before.owner.email, "not the password at all")).toBeNull();
      expect(await executeWith(url, before.secret)).toBe(200);
      expect(await executeWith(url, before.oldSecret)).toBe(200);
      expect(await executeWith(url, before.secret, "example.reverse-text", { text: "abc" })).toBe(200);
      expect(await executeWith(url, before.revokedSecret)).toBe(401);
      // The scoped key keeps its scope: its tool answers, another is forbidden_tool.
      expect([await executeWith(url, before.scopedSecret), await executeWith(url, before.scopedSecret, "example.reverse-text", { text: "abc" })]).toEqual([200, 403]);
      const invited = await signUpFrom(url, before.pendingEmail);
      expect((await acceptOver(url, invited, before.invitationToken)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 300_000);

  const header = (version: number) => JSON.stringify({ format: EXPORT_FORMAT, version, exportedAt: new Date().toISOString(), source: "embedded", consistency: "test", leftOut: [] });
  const packsOf = (workspaceId: string, packs: string[]) => JSON.stringify({ kind: "record", namespace: "workspace-packs", key: workspaceId, value: packs });
  const writeExport = (lines: string[]) => {
    const file = join(workDir(), "handmade.jsonl");
    writeFileSync(file, `${lines.join("\n")}\n`);
    return file;
  };

  it("refuses a file of a newer export version, naming both versions, and creates no store", async () => {
    const env = await embedded();
    const run = await importInto(env, writeExport([header(EXPORT_VERSION + 1), JSON.stringify({ kind: "end", entries: 0 })]));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`version ${EXPORT_VERSION + 1}`);
    expect(run.stderr).toContain(`version ${EXPORT_VERSION}`);
    expect(existsSync(join(env.DATA_DIR, "store.mdb"))).toBe(false);
  }, 60_000);

  it("fails a file cut short before its end line, and then takes the whole file", async () => {
    const env = await embedded();
    const cut = await importInto(env, writeExport([header(EXPORT_VERSION), packsOf("ws_cut", ["example"])]));
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain("ends before its end line");
    const whole = await importInto(env, writeExport([header(EXPORT_VERSION), packsOf("ws_cut", ["example"]), JSON.stringify({ kind: "end", entries: 1 })]));
    expect([whole.code, whole.written], whole.stderr).toEqual([0, 0]);
  }, 60_000);

  it("keeps a record the target holds differently, names it and exits 1", async () => {
    const env = await embedded();
    const end = JSON.stringify({ kind: "end", entries: 1 });
    expect((await importInto(env, writeExport([header(EXPORT_VERSION), packsOf("ws_conflict", ["example"]), end]))).code).toBe(0);
    const conflicting = await importInto(env, writeExport([header(EXPORT_VERSION), packsOf("ws_conflict", ["other"]), end]));
    expect(conflicting.code).toBe(1);
    expect(conflicting.stderr).toContain("conflict: record workspace-packs/ws_conflict");
    expect(entriesOf(await exportFrom(env))).toEqual([canonicalJson(JSON.parse(packsOf("ws_conflict", ["example"])))]);
  }, 60_000);
});
