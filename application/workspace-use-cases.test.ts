import { describe, expect, it } from "vitest";
import { createAccountFixture as setup, signedUp } from "../adapters/testing/accounts.ts";

describe("workspaces", () => {
  it("creates, lists, switches to and renames a workspace; its creator is its owner", async () => {
    const test = setup();
    const signed = await signedUp(test);
    const created = await test.createWorkspace.execute({ accountId: signed.account.id, name: "Platform" });
    if (!created.ok) throw new Error(created.error.message);
    const listed = await test.listWorkspaces.execute({ accountId: signed.account.id });
    expect(listed.map((entry) => [entry.workspace.name, entry.role])).toEqual([["Personal", "owner"], ["Platform", "owner"]]);
    const context = await test.resolve.execute({ token: signed.token });
    if (!context.ok) throw new Error("no session");
    await test.switchWorkspace.execute({ session: context.value.session, workspaceId: created.value.id });
    const switched = await test.resolve.execute({ token: signed.token });
    expect(switched.ok && switched.value.workspace.id).toBe(created.value.id);
    const renamed = await test.renameWorkspace.execute({ accountId: signed.account.id, workspaceId: created.value.id, name: "Platform team" });
    expect(renamed.ok && renamed.value.name).toBe("Platform team");
  });

  it("keeps another account out: forbidden for a workspace it is not in, not_found for an unknown id", async () => {
    const test = setup();
    const ada = await signedUp(test, "ada@example.com");
    const bob = await signedUp(test, "bob@example.com");
    const asBob = { accountId: bob.account.id, workspaceId: ada.workspace.id };
    expect(await test.listMembers.execute(asBob)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await test.renameWorkspace.execute({ ...asBob, name: "mine" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const context = await test.resolve.execute({ token: bob.token });
    if (!context.ok) throw new Error("no session");
    expect(await test.switchWorkspace.execute({ session: context.value.session, workspaceId: ada.workspace.id })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await test.listMembers.execute({ ...asBob, workspaceId: "ws_unknown" })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("lets only owners and admins rename: a member gets forbidden", async () => {
    const test = setup();
    const ada = await signedUp(test, "ada@example.com");
    const bob = await signedUp(test, "bob@example.com");
    await test.workspaces.saveMembership({ workspaceId: ada.workspace.id, accountId: bob.account.id, role: "member", createdAt: test.clock.now() + 1 });
    const members = await test.listMembers.execute({ accountId: bob.account.id, workspaceId: ada.workspace.id });
    expect(members.ok && members.value.map((m) => [m.email, m.role])).toEqual([["ada@example.com", "owner"], ["bob@example.com", "member"]]);
    const renamed = await test.renameWorkspace.execute({ accountId: bob.account.id, workspaceId: ada.workspace.id, name: "x" });
    expect(renamed).toMatchObject({ ok: false, error: { code: "forbidden" } });
  });

  it("refuses a blank or over-long workspace name with invalid_input at /name", async () => {
    const test = setup();
    const ada = await signedUp(test);
    for (const name of ["", "x".repeat(65), undefined]) {
      const result = await test.createWorkspace.execute({ accountId: ada.account.id, name });
      expect(result.ok || result.error).toMatchObject({ code: "invalid_input", details: [{ path: "/name" }] });
    }
  });
});

describe("a session whose workspace the account was removed from", () => {
  it("answers in the oldest workspace with lostAccessTo, and moves the session for good only when the caller shows the notice", async () => {
    const test = setup();
    const ada = await signedUp(test, "ada@example.com");
    const bob = await signedUp(test, "bob@example.com");
    await test.workspaces.saveMembership({ workspaceId: ada.workspace.id, accountId: bob.account.id, role: "member", createdAt: test.clock.now() + 1 });
    const inTeam = await test.resolve.execute({ token: bob.token });
    if (!inTeam.ok) throw new Error("no session");
    await test.switchWorkspace.execute({ session: inTeam.value.session, workspaceId: ada.workspace.id });
    await test.workspaces.removeMembership(ada.workspace.id, bob.account.id);
    for (let call = 0; call < 2; call++) {
      const quiet = await test.resolve.execute({ token: bob.token });
      expect(quiet.ok && [quiet.value.workspace.id, quiet.value.lostAccessTo?.id, quiet.value.session.workspaceId]).toEqual([bob.workspace.id, ada.workspace.id, ada.workspace.id]);
    }
    const shown = await test.resolve.execute({ token: bob.token, showsLostAccess: true });
    expect(shown.ok && [shown.value.workspace.id, shown.value.lostAccessTo?.id, shown.value.session.workspaceId]).toEqual([bob.workspace.id, ada.workspace.id, bob.workspace.id]);
    const after = await test.resolve.execute({ token: bob.token, showsLostAccess: true });
    expect(after.ok && [after.value.workspace.id, after.value.lostAccessTo]).toEqual([bob.workspace.id, undefined]);
  });
});

describe("the workspace cap", () => {
  it("refuses the 101st workspace of an account with conflict, stores nothing of it, and leaves other accounts free", async () => {
    const test = setup();
    const ada = await signedUp(test, "ada@example.com");
    // The personal workspace is the first of the 100.
    for (let i = 1; i < 100; i++) expect((await test.createWorkspace.execute({ accountId: ada.account.id, name: `Team ${i}` })).ok).toBe(true);
    const refused = await test.createWorkspace.execute({ accountId: ada.account.id, name: "One too many" });
    expect(refused).toMatchObject({ ok: false, error: { code: "conflict", message: expect.stringContaining("100") } });
    const listed = await test.listWorkspaces.execute({ accountId: ada.account.id });
    expect(listed).toHaveLength(100);
    expect(listed.some((entry) => entry.workspace.name === "One too many")).toBe(false);
    const bob = await signedUp(test, "bob@example.com");
    expect((await test.createWorkspace.execute({ accountId: bob.account.id, name: "Bob's team" })).ok).toBe(true);
  });

  it("lets exactly as many concurrent creations through as the cap leaves room for", async () => {
    const test = setup();
    const ada = await signedUp(test, "ada@example.com");
    for (let i = 1; i < 95; i++) await test.createWorkspace.execute({ accountId: ada.account.id, name: `Team ${i}` });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => test.createWorkspace.execute({ accountId: ada.account.id, name: `Race ${i}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await test.listWorkspaces.execute({ accountId: ada.account.id })).toHaveLength(100);
  });
});
