import { describe, expect, it } from "vitest";
import { hashSecret } from "../domain/api-key.ts";
import { ok } from "../domain/result.ts";
import { defineTool } from "../domain/tool.ts";
import { openMemoryStorage } from "../adapters/storage/open-storage.ts";
import { CryptoSecretSource, FixedClock } from "../adapters/system.ts";
import { AjvSchemaValidator } from "../adapters/tools/ajv-schema-validator.ts";
import { InlineToolRunner } from "../adapters/tools/inline-tool-runner.ts";
import { StaticToolCatalog } from "../adapters/tools/static-tool-catalog.ts";
import { AuthenticateKey } from "./authenticate-key.ts";
import { ConsumeRateLimit } from "./consume-rate-limit.ts";
import { CreateKey } from "./create-key.ts";
import { ExecuteTool } from "./execute-tool.ts";
import { ListKeys } from "./list-keys.ts";
import type { ApiKeyStore } from "./ports.ts";
import { RevokeKey } from "./revoke-key.ts";

const echo = defineTool({
  id: "echo",
  name: "Echo",
  category: "dev",
  description: "Echoes its text.",
  input: { type: "object", required: ["text"], additionalProperties: false, properties: { text: { type: "string" }, times: { type: "integer", default: 1 } } },
  output: { type: "object", additionalProperties: false, properties: { text: { type: "string" } } },
  examples: [{ title: "echo", input: { text: "a", times: 1 }, output: { text: "a" } }],
  run: ({ text, times }: { text: string; times: number }) => ok({ text: text.repeat(times) }),
});

function setup() {
  const clock = new FixedClock(Date.UTC(2026, 0, 1));
  const storage = openMemoryStorage(clock);
  const keys = storage.keys;
  const deps = { keys, audit: storage.audit, clock, secrets: new CryptoSecretSource() };
  const createKey = new CreateKey({ ...deps, defaultPolicy: { limit: 5, windowMs: 60_000 } });
  return {
    clock, keys, createKey,
    authenticate: new AuthenticateKey({ ...deps, env: "development" }),
    revokeKey: new RevokeKey(deps),
    listKeys: new ListKeys(deps),
    consume: new ConsumeRateLimit({ limits: storage.limits }),
  };
}

describe("CreateKey", () => {
  it("returns the secret once and stores only its SHA-256", async () => {
    const { createKey, keys } = setup();
    const result = await createKey.execute({ name: " ci ", env: "development" });
    if (!result.ok) throw new Error("refused");
    const stored = await keys.findById(result.value.key.id);
    expect(stored?.secretHash).toBe(hashSecret(result.value.secret));
    expect(JSON.stringify(stored)).not.toContain(result.value.secret);
    expect(result.value.key).toMatchObject({ name: "ci", env: "development", status: "active", limit: 5, windowSeconds: 60, lastUsedAt: null });
    expect(result.value.key.id).toMatch(/^key_[0-9A-Za-z]{16}$/);
  });

  it.each([
    [{ name: "", env: "development" }, "/name"],
    [{ name: "x".repeat(65), env: "development" }, "/name"],
    [{ name: "ok", env: "prod" }, "/env"],
    [{ name: "ok", env: "development", limit: 0 }, "/limit"],
    [{ name: "ok", env: "development", windowSeconds: 86_401 }, "/limit"],
  ])("refuses %o with invalid_input at %s", async (cmd, path) => {
    const result = await setup().createKey.execute(cmd);
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.code === "invalid_input") expect(result.error.details.map((d) => d.path)).toContain(path);
  });

  it("mints distinct secrets", async () => {
    const { createKey } = setup();
    const secrets = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const result = await createKey.execute({ name: "k", env: "staging" });
      if (result.ok) secrets.add(result.value.secret);
    }
    expect(secrets.size).toBe(50);
  });
});

describe("AuthenticateKey", () => {
  it("finds the key and records when it was last used", async () => {
    const { createKey, authenticate, keys, clock } = setup();
    const created = await createKey.execute({ name: "k", env: "development" });
    if (!created.ok) throw new Error("refused");
    clock.advance(5000);
    const result = await authenticate.execute({ secret: created.value.secret });
    expect(result.ok && result.value.id).toBe(created.value.key.id);
    expect((await keys.findById(created.value.key.id))?.lastUsedAt).toBe(clock.now());
  });

  it.each([
    ["missing", undefined],
    ["malformed", "hello"],
  ])("refuses a %s secret", async (reason, secret) => {
    const result = await setup().authenticate.execute({ secret });
    expect(result).toMatchObject({ ok: false, error: { code: "unauthorized", reason } });
  });

  it("refuses a revoked key and a key of another environment", async () => {
    const { createKey, authenticate, revokeKey } = setup();
    const live = await createKey.execute({ name: "k", env: "development" });
    const staging = await createKey.execute({ name: "k", env: "staging" });
    if (!live.ok || !staging.ok) throw new Error("refused");
    await revokeKey.execute({ id: live.value.key.id });
    expect(await authenticate.execute({ secret: live.value.secret })).toMatchObject({ ok: false, error: { reason: "revoked" } });
    expect(await authenticate.execute({ secret: staging.value.secret })).toMatchObject({ ok: false, error: { reason: "environment" } });
  });

  it("refuses a mistyped key before any lookup, and a cached key of another environment as well as an uncached one", async () => {
    const { createKey, keys, clock } = setup();
    const lookups: string[] = [];
    const cached: ApiKeyStore = {
      save: (key) => keys.save(key), update: (id, change) => keys.update(id, change), touch: (id, at) => keys.touch(id, at),
      findById: (id) => keys.findById(id), list: () => keys.list(), ping: () => keys.ping(),
      isKnownHash: (hash) => keys.isKnownHash?.(hash) ?? false,
      findByHash: (hash) => (lookups.push(hash), keys.findByHash(hash)),
    };
    const authenticate = new AuthenticateKey({ keys: cached, audit: openMemoryStorage(clock).audit, clock, secrets: new CryptoSecretSource(), env: "development" });
    const dev = await createKey.execute({ name: "k", env: "development" });
    const staging = await createKey.execute({ name: "k", env: "staging" });
    if (!dev.ok || !staging.ok) throw new Error("refused");
    const last = dev.value.secret.at(-1);
    const mistyped = dev.value.secret.slice(0, -1) + (last === "A" ? "B" : "A");
    expect(await authenticate.execute({ secret: mistyped })).toMatchObject({ ok: false, error: { reason: "checksum" } });
    expect(lookups).toEqual([]);
    for (let i = 0; i < 2; i++) {
      expect((await authenticate.execute({ secret: dev.value.secret })).ok).toBe(true);
      expect(await authenticate.execute({ secret: staging.value.secret })).toMatchObject({ ok: false, error: { reason: "environment" } });
    }
    // Known from a lookup (another path could make one): the known path checks the environment too.
    await cached.findByHash(hashSecret(staging.value.secret));
    expect(await authenticate.execute({ secret: staging.value.secret })).toMatchObject({ ok: false, error: { reason: "environment" } });
    expect(lookups).not.toContain(hashSecret(mistyped));
  });
});

describe("RevokeKey and ListKeys", () => {
  it("revokes once, keeps the key listed as revoked, and says not_found for unknown ids or other workspaces", async () => {
    const { createKey, revokeKey, listKeys } = setup();
    const created = await createKey.execute({ name: "k", env: "development", workspaceId: "ws_a" });
    if (!created.ok) throw new Error("refused");
    const id = created.value.key.id;
    expect(await revokeKey.execute({ id, workspaceId: "ws_b" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await revokeKey.execute({ id })).toMatchObject({ ok: true, value: { status: "revoked" } });
    expect(await revokeKey.execute({ id: "key_nope" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect((await listKeys.execute()).map((k) => [k.id, k.status])).toEqual([[id, "revoked"]]);
    expect(await listKeys.execute({ workspaceId: "ws_b" })).toEqual([]);
  });
});

describe("ConsumeRateLimit", () => {
  it("allows `limit` requests per window", async () => {
    const { createKey, consume, keys } = setup();
    const created = await createKey.execute({ name: "k", env: "development", limit: 2 });
    if (!created.ok) throw new Error("refused");
    const key = (await keys.findById(created.value.key.id))!;
    const decisions = [await consume.execute({ key }), await consume.execute({ key }), await consume.execute({ key })];
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 1], [true, 0], [false, 0]]);
  });
});

describe("ExecuteTool", () => {
  const executeTool = new ExecuteTool({
    tools: new StaticToolCatalog([echo, { id: "camera", name: "Camera", category: "images/qr", description: "d", clientOnly: true }]),
    schemas: new AjvSchemaValidator([echo]),
    runner: new InlineToolRunner(),
  });

  it("runs the tool with defaults applied", async () => {
    expect(await executeTool.execute({ toolId: "echo", input: { text: "ab" } })).toEqual({ ok: true, value: { toolId: "echo", output: { text: "ab" } } });
  });

  it.each([
    ["nope", { text: "a" }, "tool_not_found"],
    ["camera", {}, "client_only_tool"],
    ["echo", { text: 1 }, "invalid_input"],
  ])("answers %s with %o as %s", async (toolId, input, code) => {
    expect(await executeTool.execute({ toolId, input })).toMatchObject({ ok: false, error: { code } });
  });
});
