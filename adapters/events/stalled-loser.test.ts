import { afterEach, describe, expect, it } from "vitest";
import { CHANGE_WINDOW_MS } from "../../application/change-journal.ts";
import { noteExpiry } from "../../application/note-expiry.ts";
import type { ApiKeyStore, Outbox } from "../../application/ports.ts";
import type { AuditDeps } from "../../application/record-audit.ts";
import { RevokeKey } from "../../application/revoke-key.ts";
import type { ApiKey } from "../../domain/api-key.ts";
import type { OutgoingEvent } from "../../domain/event.ts";
import { TOKENS } from "../container.ts";
import { buildToolCore, type ToolCore } from "../core/create-tool-core.ts";
import { waitUntil } from "../testing/process.ts";
import { FixedClock } from "../system.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

const open: ToolCore[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

/** The loser's own view of the stores: its key write waits for the test (a process stalled mid-change), its intents are noted. */
function stalledDeps(test: ToolCore) {
  const { container } = test.services;
  const keys = container.get(TOKENS.apiKeyStore);
  const outbox = container.get(TOKENS.outbox);
  const intents: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let stalled = false;
  const deps: AuditDeps & { keys: ApiKeyStore } = {
    audit: container.get(TOKENS.auditLog), clock: container.get(TOKENS.clock), secrets: container.get(TOKENS.secretSource),
    outbox: { ...bound(outbox), add: (items) => (intents.push(...items.map((item) => item.id)), outbox.add(items)) },
    keys: { ...bound(keys), update: async (id, change) => ((stalled = true), await released, keys.update(id, change)) },
  };
  return { deps, intents, release, isStalled: () => stalled };
}

/** The object's methods (its own and its class's), bound to it, to spread into a view of it. */
function bound<T extends object>(target: T): T {
  const names = new Set([...Object.getOwnPropertyNames(Object.getPrototypeOf(target)), ...Object.keys(target)]);
  return Object.fromEntries([...names].filter((name) => typeof (target as Record<string, unknown>)[name] === "function" && name !== "constructor")
    .map((name) => [name, ((target as Record<string, unknown>)[name] as (...args: unknown[]) => unknown).bind(target)])) as T;
}

const changes = [
  {
    name: "a revocation", type: "key.revoked",
    prepare: async () => {},
    run: (deps: AuditDeps & { keys: ApiKeyStore }, key: ApiKey) => new RevokeKey(deps).execute({ id: key.id }),
  },
  {
    name: "the recording of an expiry", type: "key.expired",
    prepare: async (keys: ApiKeyStore, key: ApiKey, now: number) => void (await keys.update(key.id, (current) => ({ ...current, expiresAt: now - 1 }))),
    run: async (deps: AuditDeps & { keys: ApiKeyStore }, key: ApiKey) => noteExpiry(deps, (await deps.keys.findById(key.id)) as ApiKey),
  },
];

describe.each(changes)("$name that lost its race, its process stalled past the change window", ({ type, prepare, run }) => {
  it(`is judged not landed by recovery: one ${type}, in the audit log and out`, async () => {
    const heard: OutgoingEvent[] = [];
    const clock = new FixedClock(Date.now());
    const test = buildToolCore({ tools: [], runner: new InlineToolRunner(), clock, onEvent: (event) => heard.push(event), events: { pollMs: 20 } });
    open.push(test);
    const key = await test.keys.create({ name: "raced" });
    const keys = test.services.container.get(TOKENS.apiKeyStore);
    await prepare(keys, await keys.findById(key.id) as ApiKey, clock.now());
    const loser = stalledDeps(test);
    const losing = run(loser.deps, (await keys.findById(key.id)) as ApiKey);
    await waitUntil(async () => loser.isStalled(), 10_000);
    const [intent] = loser.intents;
    await run({ ...stalledDeps(test).deps, keys }, (await keys.findById(key.id)) as ApiKey);
    await waitUntil(async () => heard.some((event) => event.type === type), 10_000);

    clock.advance(CHANGE_WINDOW_MS + 1);
    const outbox: Outbox = test.services.container.get(TOKENS.outbox);
    await waitUntil(async () => (await outbox.find(intent)) === undefined, 10_000);
    loser.release();
    await losing;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const audit = await test.services.container.get(TOKENS.auditLog).list(null);
    expect(audit.filter((event) => event.type === type)).toHaveLength(1);
    expect(heard.filter((event) => event.type === type)).toHaveLength(1);
  });
});
