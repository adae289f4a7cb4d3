import { describe, expect, it } from "vitest";
import { createMembersFixture } from "../adapters/testing/members.ts";

/** An owner with a shared workspace (the example pack installed), and the workspace's pack events as listed. */
async function setup() {
  const fixture = createMembersFixture();
  const owner = await fixture.signUp("owner@example.com");
  const created = await fixture.deps.createWorkspace.execute({ accountId: owner.accountId, name: "Team" });
  if (!created.ok) throw new Error(created.error.message);
  const at = { accountId: owner.accountId, workspaceId: created.value.id, packId: "example" };
  const packEvents = async () => {
    const page = await fixture.deps.listAudit.execute({ accountId: owner.accountId, workspaceId: at.workspaceId, limit: "200" });
    if (!page.ok) throw new Error(page.error.message);
    return page.value.events.filter((event) => event.type.startsWith("pack.")).map((event) => event.type).reverse();
  };
  return { ...fixture, at, packEvents };
}

describe("a workspace's pack changes are audited (and sent as events) once per change", () => {
  it("enabling an enabled pack, or disabling a disabled one, answers the list and records nothing", async () => {
    const { deps, at, packEvents } = await setup();
    expect(await deps.enableWorkspacePack.execute(at)).toEqual({ ok: true, value: ["core", "example"] });
    expect(await deps.enableWorkspacePack.execute(at)).toEqual({ ok: true, value: ["core", "example"] });
    expect(await deps.disableWorkspacePack.execute(at)).toEqual({ ok: true, value: ["core"] });
    expect(await deps.disableWorkspacePack.execute(at)).toEqual({ ok: true, value: ["core"] });
    expect(await packEvents()).toEqual(["pack.enabled", "pack.disabled"]);
  });

  it("of identical changes racing, only the one that made the change records it (20 trials of 6)", async () => {
    const { deps, at, packEvents } = await setup();
    const expected: string[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const change = trial % 2 === 0 ? deps.enableWorkspacePack : deps.disableWorkspacePack;
      const answers = await Promise.all(Array.from({ length: 6 }, () => change.execute(at)));
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      expected.push(trial % 2 === 0 ? "pack.enabled" : "pack.disabled");
      expect(await packEvents()).toEqual(expected);
    }
  });
});
