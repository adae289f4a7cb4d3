import { describe, expect, it } from "vitest";
import { createMembersFixture } from "../adapters/testing/members.ts";

/** A workspace with `owners` owners (the first created it) and one admin. */
async function workspaceWith(owners: number) {
  const fixture = createMembersFixture();
  const people = await Promise.all(Array.from({ length: owners + 1 }, (_, i) => fixture.signUp(`person${i}@example.com`)));
  const created = await fixture.deps.createWorkspace.execute({ accountId: people[0].accountId, name: "Team" });
  if (!created.ok) throw new Error(created.error.message);
  const workspaceId = created.value.id;
  for (const person of people.slice(1, owners)) await fixture.join(workspaceId, people[0], person, "owner");
  await fixture.join(workspaceId, people[0], people[owners], "admin");
  const owned = async () => {
    const members = await fixture.deps.listMembers.execute({ accountId: people[owners].accountId, workspaceId });
    return members.ok ? members.value.filter((m) => m.role === "owner").map((m) => m.accountId) : [];
  };
  return { ...fixture, people, owners: people.slice(0, owners), admin: people[owners], workspaceId, owned };
}

const CONFLICT = { ok: false, error: { code: "conflict", message: "A workspace needs an owner: make another member an owner first." } };

describe("the last owner", () => {
  it("can neither leave nor demote itself (409), and stays owner", async () => {
    const test = await workspaceWith(1);
    const [owner] = test.owners;
    const at = { accountId: owner.accountId, workspaceId: test.workspaceId };
    expect(await test.deps.removeMember.execute({ ...at, memberAccountId: owner.accountId })).toEqual(CONFLICT);
    expect(await test.deps.changeMemberRole.execute({ ...at, memberAccountId: owner.accountId, role: "admin" })).toEqual(CONFLICT);
    expect(await test.owned()).toEqual([owner.accountId]);
  });

  it("may leave or step down once another owner exists, and the other then cannot", async () => {
    const test = await workspaceWith(2);
    const [first, second] = test.owners;
    const at = (person: typeof first) => ({ accountId: person.accountId, workspaceId: test.workspaceId });
    expect(await test.deps.changeMemberRole.execute({ ...at(first), memberAccountId: first.accountId, role: "member" })).toMatchObject({ ok: true, value: { role: "member" } });
    expect(await test.deps.removeMember.execute({ ...at(second), memberAccountId: second.accountId })).toEqual(CONFLICT);
    expect(await test.owned()).toEqual([second.accountId]);
  });

  it("of a personal workspace cannot leave it", async () => {
    const test = createMembersFixture();
    const ada = await test.signUp("ada@example.com");
    const [personal] = await test.deps.listWorkspaces.execute({ accountId: ada.accountId });
    expect(await test.deps.removeMember.execute({ accountId: ada.accountId, workspaceId: personal.workspace.id, memberAccountId: ada.accountId })).toEqual(CONFLICT);
  });

  it("is kept when two owners demote each other, or both leave, at the same moment (30 trials each)", async () => {
    for (let trial = 0; trial < 30; trial++) {
      const test = await workspaceWith(2);
      const [a, b] = test.owners;
      const demote = (actor: typeof a, target: typeof a) =>
        test.deps.changeMemberRole.execute({ accountId: actor.accountId, workspaceId: test.workspaceId, memberAccountId: target.accountId, role: "admin" });
      const leave = (actor: typeof a) => test.deps.removeMember.execute({ accountId: actor.accountId, workspaceId: test.workspaceId, memberAccountId: actor.accountId });
      const outcomes = trial % 2 === 0 ? await Promise.all([demote(a, b), demote(b, a)]) : await Promise.all([leave(a), leave(b)]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([trial % 2 === 0 ? expect.objectContaining({ ok: false, error: expect.objectContaining({ code: expect.stringMatching(/^(conflict|forbidden)$/) }) }) : CONFLICT]);
      expect(await test.owned()).toHaveLength(1);
    }
  });
});
