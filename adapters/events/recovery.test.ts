import Keyv from "keyv";
import { afterEach, describe, expect, it } from "vitest";
import { CHANGE_WINDOW_MS } from "../../application/change-journal.ts";
import { pendingItem } from "../../application/outbox-items.ts";
import { hasLanded, type RecoveryDeps } from "../../application/recover-change.ts";
import type { Workspace } from "../../domain/workspace.ts";
import { KeyvWorkspaceStore } from "../storage/keyv-workspace-store.ts";
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

  it("completes a workspace creation killed between its owner's two membership sides, so the owner never lists a workspace that is not there", async () => {
    const records = new Keyv<Workspace>({ store: new Map() });
    const byAccount = new Keyv<never>({ store: new Map() });
    const workspaces = new KeyvWorkspaceStore(records, new Keyv<never>({ store: new Map() }), byAccount);
    // The account's side written, the roster's lost: what the kill leaves (a store sharing only the account side writes it).
    const cutOff = new KeyvWorkspaceStore(new Keyv<Workspace>({ store: new Map() }), new Keyv<never>({ store: new Map() }), byAccount);
    const workspace = { id: "ws_killedMidCreate01", name: "half made", personal: false, createdBy: "acct_owner", createdAt: Date.now() };
    await cutOff.saveMembership({ workspaceId: workspace.id, accountId: workspace.createdBy, role: "owner", createdAt: workspace.createdAt });
    expect(await workspaces.findMembership(workspace.id, workspace.createdBy)).toBeUndefined();
    expect(await hasLanded({ workspaces } as unknown as RecoveryDeps, { kind: "workspace", workspace })).toBe(true);
    expect(await workspaces.findMembership(workspace.id, workspace.createdBy)).toMatchObject({ role: "owner" });
    expect(await workspaces.findById(workspace.id)).toEqual(workspace);
    expect(await hasLanded({ workspaces } as unknown as RecoveryDeps, { kind: "workspace", workspace: { ...workspace, id: "ws_neverCreated0001" } })).toBe(false);
  });
});
