import { describe, expect, it } from "vitest";
import { inviterMayGrant } from "./membership.ts";
import type { Role } from "./workspace.ts";

const member = (role: Role) => ({ workspaceId: "ws_1", accountId: "acct_inviter", role, createdAt: 1 });

describe("inviterMayGrant: an invitation works only while its inviter may still grant its role", () => {
  it.each([
    ["owner", "owner", true], ["owner", "admin", true], ["owner", "member", true],
    ["admin", "owner", false], ["admin", "admin", true], ["admin", "member", true],
    ["member", "owner", false], ["member", "admin", false], ["member", "member", false],
  ] as const)("an inviter now %s, an invitation as %s: %s", (inviterRole, invitedRole, works) => {
    expect(inviterMayGrant(member(inviterRole), invitedRole)).toBe(works);
  });

  it.each(["owner", "admin", "member"] as const)("never once the inviter is no member (an invitation as %s)", (role) => {
    expect(inviterMayGrant(undefined, role)).toBe(false);
  });
});
