import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createMembersFixture } from "../adapters/testing/members.ts";
import { TOKENS } from "../adapters/container.ts";

const DAY_MS = 86_400_000;

/** An owner with a shared workspace, and a second account to invite. */
async function setup() {
  const fixture = createMembersFixture();
  const owner = await fixture.signUp("owner@example.com");
  const bob = await fixture.signUp("bob@example.com");
  const created = await fixture.deps.createWorkspace.execute({ accountId: owner.accountId, name: "Team" });
  if (!created.ok) throw new Error(created.error.message);
  const workspaceId = created.value.id;
  const invite = async (email = "Bob@Example.COM ", role: string = "admin") => {
    const result = await fixture.deps.inviteMember.execute({ accountId: owner.accountId, workspaceId, email, role });
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  const accept = (token: unknown, accountId = bob.accountId) => fixture.deps.acceptInvitation.execute({ accountId, token });
  const roleOf = async (accountId: string) => {
    const members = await fixture.deps.listMembers.execute({ accountId: owner.accountId, workspaceId });
    return members.ok ? members.value.find((m) => m.accountId === accountId)?.role : undefined;
  };
  const events = async () => {
    const page = await fixture.deps.listAudit.execute({ accountId: owner.accountId, workspaceId });
    return page.ok ? page.value.events : [];
  };
  return { ...fixture, owner, bob, workspaceId, invite, accept, roleOf, events };
}

const UNUSABLE = { ok: false, error: { code: "not_found", message: "This invitation link does not work: it is unknown, used, revoked or expired." } };

describe("inviting", () => {
  it("answers the invitation with an expiry 7 days later and a token stored only as its SHA-256", async () => {
    const test = await setup();
    const { invitation, token } = await test.invite();
    const now = test.clock.now();
    expect(invitation).toEqual({ id: expect.stringMatching(/^inv_/), email: "bob@example.com", role: "admin", createdAt: new Date(now).toISOString(), expiresAt: new Date(now + 7 * DAY_MS).toISOString() });
    const stored = await test.core.services.container.get(TOKENS.invitationStore).findById(invitation.id);
    expect(stored?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await test.deps.listInvitations.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId })).toEqual({ ok: true, value: [invitation] });
  });

  it("answers 422 naming a bad email and a bad role, 409 for a member's address, 403 in a personal workspace", async () => {
    const test = await setup();
    const bad = await test.deps.inviteMember.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, email: "nope", role: "boss" });
    expect(bad).toMatchObject({ ok: false, error: { code: "invalid_input", details: [{ path: "/email" }, { path: "/role" }] } });
    const self = await test.deps.inviteMember.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, email: "OWNER@example.com", role: "member" });
    expect(self).toMatchObject({ ok: false, error: { code: "conflict" } });
    const sessions = await test.deps.listWorkspaces.execute({ accountId: test.owner.accountId });
    const personal = sessions.find((entry) => entry.workspace.personal)?.workspace.id ?? "";
    const inPersonal = await test.deps.inviteMember.execute({ accountId: test.owner.accountId, workspaceId: personal, email: "bob@example.com", role: "member" });
    expect(inPersonal).toMatchObject({ ok: false, error: { code: "forbidden" } });
  });
});

describe("accepting", () => {
  it("makes the account whose email matches (in any case) a member with the invited role, and audits both steps", async () => {
    const test = await setup();
    const { invitation, token } = await test.invite();
    expect(await test.accept(token)).toMatchObject({ ok: true, value: { id: test.workspaceId, name: "Team" } });
    expect(await test.roleOf(test.bob.accountId)).toBe("admin");
    const [joined, invited] = await test.events();
    expect(invited).toMatchObject({ type: "member.invited", actor: { accountId: test.owner.accountId }, actorEmail: "owner@example.com", invitationId: invitation.id, email: "bob@example.com", role: "admin" });
    expect(joined).toMatchObject({ type: "member.joined", actor: { accountId: test.bob.accountId }, actorEmail: "bob@example.com", memberAccountId: test.bob.accountId, memberEmail: "bob@example.com", role: "admin" });
  });

  it("works until the last millisecond of day 7 and not at its end", async () => {
    const test = await setup();
    const first = await test.invite();
    test.clock.advance(7 * DAY_MS - 1);
    expect(await test.accept(first.token)).toMatchObject({ ok: true });
    const carol = await test.signUp("carol@example.com");
    const second = await test.invite("carol@example.com", "member");
    test.clock.advance(7 * DAY_MS);
    expect(await test.accept(second.token, carol.accountId)).toEqual(UNUSABLE);
    expect(await test.deps.listInvitations.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId })).toEqual({ ok: true, value: [] });
  });

  it("works once: a second accept, and all but one of many racing accepts, get the one 404", async () => {
    const test = await setup();
    const { token } = await test.invite();
    expect(await test.accept(token)).toMatchObject({ ok: true });
    expect(await test.accept(token)).toEqual(UNUSABLE);
    for (let trial = 0; trial < 20; trial++) {
      const person = await test.signUp(`racer${trial}@example.com`);
      const { token: raced } = await test.invite(person.email, "member");
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => test.accept(raced, person.accountId)));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(Array(7).fill(UNUSABLE));
    }
    expect((await test.events()).filter((event) => event.type === "member.joined")).toHaveLength(21);
  });

  it("stops working once revoked, and a revoked invitation cannot be revoked again", async () => {
    const test = await setup();
    const { invitation, token } = await test.invite();
    const revoke = () => test.deps.revokeInvitation.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, invitationId: invitation.id });
    expect(await revoke()).toMatchObject({ ok: true, value: { id: invitation.id } });
    expect(await test.accept(token)).toEqual(UNUSABLE);
    expect(await revoke()).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await test.roleOf(test.bob.accountId)).toBeUndefined();
    expect((await test.events())[0]).toMatchObject({ type: "invitation.revoked", invitationId: invitation.id, email: "bob@example.com", actorEmail: "owner@example.com" });
  });

  it("refuses another account's email with 403 and leaves the invitation usable by the right one", async () => {
    const test = await setup();
    const mallory = await test.signUp("mallory@example.com");
    const { token } = await test.invite();
    expect(await test.accept(token, mallory.accountId)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await test.roleOf(mallory.accountId)).toBeUndefined();
    expect(await test.accept(token)).toMatchObject({ ok: true });
  });

  it("answers the same 404 for an unknown, malformed or missing token", async () => {
    const test = await setup();
    for (const token of ["A".repeat(43), "short", "../../etc", undefined, 42]) expect(await test.accept(token)).toEqual(UNUSABLE);
  });
});

describe("an invitation outliving its inviter's rights", () => {
  /** `admin` (an admin of the team, invited by the owner) invites a second address of their own with `role`. */
  async function adminInvites(role: "admin" | "member") {
    const test = await setup();
    const admin = await test.signUp("admin@example.com");
    await test.join(test.workspaceId, test.owner, admin, "admin");
    const alt = await test.signUp("admin.alt@example.com");
    const invited = await test.deps.inviteMember.execute({ accountId: admin.accountId, workspaceId: test.workspaceId, email: alt.email, role });
    if (!invited.ok) throw new Error(invited.error.message);
    const preview = () => test.deps.previewInvitation.execute({ accountId: alt.accountId, token: invited.value.token });
    return { ...test, admin, alt, token: invited.value.token, preview };
  }

  it("stops working once the inviter is removed: the holder gets the one 404, and no role", async () => {
    const test = await adminInvites("admin");
    expect(await test.deps.removeMember.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, memberAccountId: test.admin.accountId })).toMatchObject({ ok: true });
    expect(await test.preview()).toEqual(UNUSABLE);
    expect(await test.accept(test.token, test.alt.accountId)).toEqual(UNUSABLE);
    expect(await test.roleOf(test.alt.accountId)).toBeUndefined();
  });

  it("stops working once the inviter is demoted below a role that may grant it", async () => {
    const test = await adminInvites("admin");
    expect(await test.deps.changeMemberRole.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, memberAccountId: test.admin.accountId, role: "member" })).toMatchObject({ ok: true });
    expect(await test.accept(test.token, test.alt.accountId)).toEqual(UNUSABLE);
    expect(await test.roleOf(test.alt.accountId)).toBeUndefined();
  });

  it("an owner's owner invitation stops at the owner's demotion to admin, while the admin's member invitation keeps working", async () => {
    const test = await setup();
    const coOwner = await test.signUp("co-owner@example.com");
    await test.join(test.workspaceId, test.owner, coOwner, "owner");
    const [carol, dave] = [await test.signUp("carol@example.com"), await test.signUp("dave@example.com")];
    const invite = async (email: string, role: string) => {
      const invited = await test.deps.inviteMember.execute({ accountId: coOwner.accountId, workspaceId: test.workspaceId, email, role });
      if (!invited.ok) throw new Error(invited.error.message);
      return invited.value.token;
    };
    const [asOwner, asMember] = [await invite(carol.email, "owner"), await invite(dave.email, "member")];
    expect(await test.deps.changeMemberRole.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, memberAccountId: coOwner.accountId, role: "admin" })).toMatchObject({ ok: true });
    expect(await test.accept(asOwner, carol.accountId)).toEqual(UNUSABLE);
    expect(await test.accept(asMember, dave.accountId)).toMatchObject({ ok: true });
    expect(await test.roleOf(dave.accountId)).toBe("member");
  });

  it("keeps working while the inviter may still grant it", async () => {
    const test = await adminInvites("admin");
    expect((await test.preview()).ok).toBe(true);
    expect(await test.accept(test.token, test.alt.accountId)).toMatchObject({ ok: true });
    expect(await test.roleOf(test.alt.accountId)).toBe("admin");
  });
});

describe("the pending-invitation cap", () => {
  it("creates exactly 100 of 110 concurrent invitations and answers the other 10 with 409 conflict", async () => {
    const test = await setup();
    const outcomes = await Promise.all(Array.from({ length: 110 }, (_, i) =>
      test.deps.inviteMember.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, email: `guest${i}@example.com`, role: "member" })));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(100);
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => !outcome.ok && outcome.error.code)).toEqual(Array(10).fill("conflict"));
    const listed = await test.deps.listInvitations.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId });
    expect(listed.ok && listed.value).toHaveLength(100);
  });

  it("frees a place when an invitation is accepted, revoked or expires", async () => {
    const test = await setup();
    const invite = (i: number) => test.deps.inviteMember.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, email: `guest${i}@example.com`, role: "member" });
    const made = [];
    for (let i = 0; i < 99; i++) made.push(await invite(i));
    const { token } = await test.invite();
    expect((await invite(100)).ok || "full").toBe("full");
    expect(await test.accept(token)).toMatchObject({ ok: true });
    expect((await invite(101)).ok).toBe(true);
    const first = made[0];
    if (!first.ok) throw new Error(first.error.message);
    await test.deps.revokeInvitation.execute({ accountId: test.owner.accountId, workspaceId: test.workspaceId, invitationId: first.value.invitation.id });
    expect((await invite(102)).ok).toBe(true);
    expect((await invite(103)).ok || "full").toBe("full");
    test.clock.advance(7 * DAY_MS);
    expect((await invite(104)).ok).toBe(true);
  });
});
