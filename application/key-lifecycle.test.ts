import { describe, expect, it } from "vitest";
import { openMemoryStorage } from "../adapters/storage/open-storage.ts";
import { CryptoSecretSource, FixedClock } from "../adapters/system.ts";
import { hashSecret } from "../domain/api-key.ts";
import { AuthenticateKey } from "./authenticate-key.ts";
import { CreateKey } from "./create-key.ts";
import { ExecuteTool } from "./execute-tool.ts";
import { ListKeys } from "./list-keys.ts";
import { RevokeKey } from "./revoke-key.ts";
import { RotateKey } from "./rotate-key.ts";
import { UpdateKey } from "./update-key.ts";

function setup() {
  const clock = new FixedClock(Date.UTC(2026, 0, 1));
  const storage = openMemoryStorage(clock);
  const deps = { keys: storage.keys, audit: storage.audit, clock, secrets: new CryptoSecretSource() };
  return {
    clock, storage,
    create: new CreateKey({ ...deps, defaultPolicy: { limit: 5, windowMs: 60_000 } }),
    auth: new AuthenticateKey({ ...deps, env: "development" }),
    rotate: new RotateKey(deps),
    update: new UpdateKey(deps),
    revoke: new RevokeKey(deps),
    list: new ListKeys(deps),
  };
}

async function created(s: ReturnType<typeof setup>, extra: object = {}) {
  const result = await s.create.execute({ name: "k", env: "development", workspaceId: "ws_1", ...extra });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

describe("RotateKey", () => {
  it("keeps the old secret through the grace, refuses it from the grace's end, and the new one works", async () => {
    const s = setup();
    const { key, secret: old } = await created(s, { limit: 7, scopes: { tools: ["echo"] } });
    const result = await s.rotate.execute({ id: key.id, graceSeconds: 60 });
    if (!result.ok) throw new Error("refused");
    const { secret, previousSecretExpiresAt } = result.value;
    expect(secret).not.toBe(old);
    expect(result.value.key).toMatchObject({ id: key.id, name: "k", limit: 7, workspaceId: "ws_1", scopes: { tools: ["echo"], categories: [] } });
    expect(previousSecretExpiresAt).toBe(new Date(s.clock.now() + 60_000).toISOString());
    s.clock.advance(59_999);
    expect((await s.auth.execute({ secret: old })).ok).toBe(true);
    expect((await s.auth.execute({ secret })).ok).toBe(true);
    s.clock.advance(1);
    expect(await s.auth.execute({ secret: old })).toMatchObject({ ok: false, error: { code: "unauthorized", reason: "unknown" } });
    expect((await s.auth.execute({ secret })).ok).toBe(true);
  });

  it("refuses the old secret at once with a grace of 0, stores only hashes, and checks the grace range", async () => {
    const s = setup();
    const { key, secret: old } = await created(s);
    const result = await s.rotate.execute({ id: key.id, graceSeconds: 0 });
    if (!result.ok) throw new Error("refused");
    expect(result.value.previousSecretExpiresAt).toBeNull();
    expect((await s.auth.execute({ secret: old })).ok).toBe(false);
    const stored = JSON.stringify(await s.storage.keys.findById(key.id));
    expect(stored).not.toContain(result.value.secret);
    expect(stored).toContain(hashSecret(result.value.secret));
    for (const graceSeconds of [-1, 604_801, 1.5]) {
      expect(await s.rotate.execute({ id: key.id, graceSeconds })).toMatchObject({ ok: false, error: { code: "invalid_input" } });
    }
    expect(await s.rotate.execute({ id: key.id, workspaceId: "ws_other" })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("defaults the grace to 24 h", async () => {
    const s = setup();
    const { key } = await created(s);
    const result = await s.rotate.execute({ id: key.id });
    expect(result.ok && result.value.previousSecretExpiresAt).toBe(new Date(s.clock.now() + 86_400_000).toISOString());
  });
});

describe("expiry", () => {
  it("accepts the key until its expiry, then refuses it; lists show it expired and the audit records it once", async () => {
    const s = setup();
    const { key, secret } = await created(s, { expiresInSeconds: 10 });
    expect(key.expiresAt).toBe(new Date(s.clock.now() + 10_000).toISOString());
    s.clock.advance(9_999);
    expect((await s.auth.execute({ secret })).ok).toBe(true);
    s.clock.advance(1);
    expect(await s.auth.execute({ secret })).toMatchObject({ ok: false, error: { code: "unauthorized", reason: "expired" } });
    await s.auth.execute({ secret });
    expect((await s.list.execute()).map((k) => k.status)).toEqual(["expired"]);
    const types = (await s.storage.audit.list("ws_1")).map((e) => e.type);
    expect(types).toEqual(["key.expired", "key.created"]);
  });

  it("is noticed by a listing alone", async () => {
    const s = setup();
    await created(s, { expiresInSeconds: 1 });
    s.clock.advance(1000);
    await s.list.execute({ workspaceId: "ws_1" });
    expect((await s.storage.audit.list("ws_1"))[0]).toMatchObject({ type: "key.expired", actor: { system: true } });
  });
});

describe("UpdateKey", () => {
  it("changes name, limit and window without a new secret, and refuses bad values", async () => {
    const s = setup();
    const { key, secret } = await created(s);
    const result = await s.update.execute({ id: key.id, name: "renamed", limit: 2, windowSeconds: 30, actor: { accountId: "acc_1" } });
    expect(result).toMatchObject({ ok: true, value: { name: "renamed", limit: 2, windowSeconds: 30 } });
    const authed = await s.auth.execute({ secret });
    expect(authed.ok && authed.value.policy).toEqual({ limit: 2, windowMs: 30_000 });
    expect(await s.update.execute({ id: key.id, limit: 0 })).toMatchObject({ ok: false, error: { code: "invalid_input" } });
    expect(await s.update.execute({ id: key.id, name: "" })).toMatchObject({ ok: false, error: { code: "invalid_input" } });
    const [event] = await s.storage.audit.list("ws_1");
    expect(event).toMatchObject({ type: "key.updated", actor: { accountId: "acc_1" }, keyId: key.id, changes: ["name", "limit", "windowSeconds"] });
  });
});

describe("scopes", () => {
  const tool = (id: string, category: string) => ({
    id, name: id, category, description: "d", input: { type: "object" }, output: { type: "object" }, examples: [], run: () => ({ ok: true, value: {} }),
  });
  const catalog = [tool("hash-text", "crypto"), tool("url-encode", "encoding"), tool("uuid-inspector", "dev")];
  const execute = new ExecuteTool({
    tools: { find: (id) => catalog.find((t) => t.id === id) as never, list: () => catalog as never },
    schemas: { validateInput: () => [] },
    runner: { run: async () => ({ ok: true, value: {} }) },
  });

  it("allows the named tools and categories only, and an unscoped key everything", async () => {
    const scoped = { scopes: { tools: ["hash-text"], categories: ["encoding"] } };
    expect((await execute.execute({ toolId: "hash-text", input: {}, key: scoped })).ok).toBe(true);
    expect((await execute.execute({ toolId: "url-encode", input: {}, key: scoped })).ok).toBe(true);
    expect(await execute.execute({ toolId: "uuid-inspector", input: {}, key: scoped })).toMatchObject({ ok: false, error: { code: "forbidden_tool" } });
    expect((await execute.execute({ toolId: "uuid-inspector", input: {}, key: { scopes: null } })).ok).toBe(true);
  });

  it("refuses an empty or malformed scope at creation", async () => {
    const s = setup();
    for (const scopes of [{}, { tools: [] }, { tools: ["bad id!"] }]) {
      expect(await s.create.execute({ name: "k", env: "development", scopes })).toMatchObject({ ok: false, error: { code: "invalid_input" } });
    }
  });
});

describe("audit log", () => {
  it("records created, rotated, updated, revoked with actor and workspace, newest first, and never a secret or hash", async () => {
    const s = setup();
    const { key, secret } = await created(s, { actor: { accountId: "acc_1" } });
    s.clock.advance(1);
    const rotated = await s.rotate.execute({ id: key.id, actor: { accountId: "acc_1" } });
    s.clock.advance(1);
    await s.update.execute({ id: key.id, limit: 9 });
    s.clock.advance(1);
    await s.revoke.execute({ id: key.id });
    await s.revoke.execute({ id: key.id });
    const events = await s.storage.audit.list("ws_1");
    expect(events.map((e) => [e.type, e.actor, e.keyId, e.workspaceId])).toEqual([
      ["key.revoked", { cli: true }, key.id, "ws_1"],
      ["key.updated", { cli: true }, key.id, "ws_1"],
      ["key.rotated", { accountId: "acc_1" }, key.id, "ws_1"],
      ["key.created", { accountId: "acc_1" }, key.id, "ws_1"],
    ]);
    const text = JSON.stringify(events);
    const newSecret = rotated.ok ? rotated.value.secret : "";
    for (const forbidden of [secret, newSecret, hashSecret(secret), hashSecret(newSecret)]) expect(text).not.toContain(forbidden);
    expect(await s.storage.audit.list("ws_other")).toEqual([]);
  });
});
