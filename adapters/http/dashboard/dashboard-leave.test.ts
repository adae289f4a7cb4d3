import { describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { FormClient } from "./testing/form-client.ts";

const LEAVE = /<button type="submit"[^>]*aria-label="Leave Team"[^>]*>Leave<\/button>/;

/** Ada, the only owner of the shared workspace "Team", and an invitation of Bob as `role`, accepted. */
async function teamWith(role: string) {
  const test = createTestApp({ tools: [hashText] });
  const ada = new FormClient(test.app);
  await ada.signUp("ada@example.com");
  await ada.submit("/dashboard/workspaces", "/dashboard/workspaces", { name: "Team" });
  const before = await (await ada.get("/dashboard/members")).text();
  const created = await ada.submit("/dashboard/members", "/dashboard/members/invite", { email: "bob@example.com", role });
  const link = /data-accept-url>([^<]+)</.exec(await (await ada.get(created.headers.get("location") ?? "")).text())?.[1] ?? "";
  const bob = new FormClient(test.app);
  await bob.signUp("bob@example.com");
  const path = new URL(link).pathname;
  expect((await bob.submit(path, `${path}/accept`, {})).status).toBe(303);
  return { ada, bob, before };
}

describe("Leave on the Members page", () => {
  it("is not offered to the last owner, who would only get 409: the page says why instead", async () => {
    const { ada, before } = await teamWith("member");
    for (const page of [before, await (await ada.get("/dashboard/members")).text()]) {
      expect(page).not.toMatch(LEAVE);
      expect(page).toContain("Only owner: make someone else owner to leave");
    }
  });

  it("is offered to an owner once another owner exists, and to a member", async () => {
    const { ada, bob } = await teamWith("owner");
    expect(await (await ada.get("/dashboard/members")).text()).toMatch(LEAVE);
    const { bob: member } = await teamWith("member");
    expect(await (await member.get("/dashboard/members")).text()).toMatch(LEAVE);
    expect(await (await bob.get("/dashboard/members")).text()).toMatch(LEAVE);
  });

  it("still answers 409 to a forged Leave by the last owner (the use case decides again)", async () => {
    const { ada } = await teamWith("member");
    const page = await (await ada.get("/dashboard/members")).text();
    // The only Remove form on the page is Bob's; every member has a role form: the other one is Ada's own.
    const bobId = /<form method="post" action="\/dashboard\/members\/([^/"]+)\/remove"/.exec(page)?.[1];
    const memberIds = [...page.matchAll(/action="\/dashboard\/members\/([^/"]+)\/role"/g)].map((match) => match[1]);
    const adaId = memberIds.find((id) => id !== bobId) ?? "";
    const refused = await ada.submit("/dashboard/members", `/dashboard/members/${adaId}/remove`, {});
    expect(refused.status).toBe(409);
  });
});
