import { afterEach, describe, expect, it } from "vitest";
import { CHANGE_WINDOW_MS } from "../../application/change-journal.ts";
import { pendingItem } from "../../application/outbox-items.ts";
import type { ChangeIntent, LandedCheck } from "../../application/ports.ts";
import { newAuditEvent, type AuditSubject } from "../../application/record-audit.ts";
import { revoke } from "../../domain/api-key.ts";
import type { OutgoingEvent } from "../../domain/event.ts";
import { TOKENS } from "../container.ts";
import { buildToolCore, type ToolCore } from "../core/create-tool-core.ts";
import { waitUntil } from "../testing/process.ts";
import { CryptoSecretSource, SystemClock } from "../system.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

const open: ToolCore[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

function core(heard: OutgoingEvent[]): ToolCore {
  const made = buildToolCore({ tools: [], runner: new InlineToolRunner(), onEvent: (event) => heard.push(event), events: { pollMs: 20 } });
  open.push(made);
  return made;
}

/** What a process killed after writing its intent leaves: the intent, its lease (held by the dead process) ended. */
async function leftBehind(test: ToolCore, subject: AuditSubject, check: LandedCheck): Promise<ChangeIntent> {
  const audit = [newAuditEvent({ clock: new SystemClock(), secrets: new CryptoSecretSource() }, subject)];
  const intent: ChangeIntent = { id: `chg_left${audit[0].id.slice(-8)}`, check, audit, then: [] };
  const past = Date.now() - CHANGE_WINDOW_MS - 1;
  await test.services.container.get(TOKENS.outbox).add([{ ...pendingItem(intent.id, { kind: "change", intent }, past), leaseOwner: "a-killed-process", leaseUntil: past + CHANGE_WINDOW_MS }]);
  return intent;
}

describe("a change left in flight by a killed process", () => {
  it("is finished when the change landed: its audit event recorded and its event sent, with the planned id", async () => {
    const heard: OutgoingEvent[] = [];
    const test = core(heard);
    const key = await test.keys.create({ name: "killed mid-revoke" });
    const keys = test.services.container.get(TOKENS.apiKeyStore);
    await keys.update(key.id, (current) => revoke(current, Date.now()));
    const intent = await leftBehind(test, { type: "key.revoked", actor: { cli: true }, workspaceId: null, keyId: key.id }, { kind: "key", keyId: key.id, expect: { status: "revoked" } });
    await waitUntil(async () => heard.some((event) => event.type === "key.revoked"), 10_000);
    const audit = await test.services.container.get(TOKENS.auditLog).list(null);
    expect(audit.filter((event) => event.type === "key.revoked").map((event) => event.id)).toEqual([intent.audit[0].id]);
    expect(heard.find((event) => event.type === "key.revoked")?.id).toBe(intent.audit[0].id);
    expect(await test.services.container.get(TOKENS.outbox).find(intent.id)).toBeUndefined();
  });

  it("is dropped when the change never landed: no audit event, no event", async () => {
    const heard: OutgoingEvent[] = [];
    const test = core(heard);
    const key = await test.keys.create({ name: "killed before its revocation" });
    const intent = await leftBehind(test, { type: "key.revoked", actor: { cli: true }, workspaceId: null, keyId: key.id }, { kind: "key", keyId: key.id, expect: { status: "revoked" } });
    const outbox = test.services.container.get(TOKENS.outbox);
    await waitUntil(async () => (await outbox.find(intent.id)) === undefined, 10_000);
    const audit = await test.services.container.get(TOKENS.auditLog).list(null);
    expect(audit.map((event) => event.type)).toEqual(["key.created"]);
    expect(heard.map((event) => event.type)).toEqual(["key.created"]);
  });

  it("writes the membership of an invitation used up before the kill, so the accept ends whole", async () => {
    const heard: OutgoingEvent[] = [];
    const test = core(heard);
    const { container } = test.services;
    const now = Date.now();
    const invitation = {
      id: "inv_killedMidAccept01", workspaceId: "ws_killedMidAccept01", email: "ada@example.com", role: "member" as const, tokenHash: "x".repeat(64),
      invitedBy: "acct_owner", createdAt: now, expiresAt: now + 86_400_000, status: "accepted" as const, endedBy: "acct_ada", endedAt: now,
    };
    await container.get(TOKENS.invitationStore).save(invitation);
    const subject = { type: "member.joined", actor: { accountId: "acct_ada" }, workspaceId: invitation.workspaceId, memberAccountId: "acct_ada", invitationId: invitation.id, email: invitation.email, role: "member" } as const;
    await leftBehind(test, subject, { kind: "joined", workspaceId: invitation.workspaceId, accountId: "acct_ada", invitationId: invitation.id, role: "member" });
    await waitUntil(async () => heard.some((event) => event.type === "member.joined"), 10_000);
    expect(await container.get(TOKENS.workspaceStore).findMembership(invitation.workspaceId, "acct_ada")).toMatchObject({ role: "member" });
    expect((await container.get(TOKENS.auditLog).list(invitation.workspaceId)).map((event) => event.type)).toEqual(["member.joined"]);
  });

  it("is left alone while its lease holds: the process making the change finishes it", async () => {
    const heard: OutgoingEvent[] = [];
    const test = core(heard);
    const key = await test.keys.create({ name: "in flight" });
    const audit = [newAuditEvent({ clock: new SystemClock(), secrets: new CryptoSecretSource() }, { type: "key.revoked", actor: { cli: true }, workspaceId: null, keyId: key.id })];
    const intent: ChangeIntent = { id: "chg_inFlight000001", check: { kind: "key", keyId: key.id, expect: { status: "revoked" } }, audit, then: [] };
    const outbox = test.services.container.get(TOKENS.outbox);
    await outbox.add([{ ...pendingItem(intent.id, { kind: "change", intent }, Date.now()), leaseOwner: "a-live-process", leaseUntil: Date.now() + CHANGE_WINDOW_MS }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outbox.find(intent.id)).toBeDefined();
  });
});
