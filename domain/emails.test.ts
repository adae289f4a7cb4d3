import { describe, expect, it } from "vitest";
import { invitationEmail, toUtcText } from "./emails.ts";

const NOW = Date.UTC(2025, 0, 1, 12, 0);
const invitation = {
  to: "bob@example.com", workspaceName: "Platform team", inviterEmail: "ada@example.com", role: "member" as const,
  acceptUrl: "https://tools.example.com/dashboard/invitations/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ", expiresAt: NOW + 7 * 86_400_000,
};

describe("invitationEmail", () => {
  it("goes to the invitee, its subject naming the inviter, the workspace and the product", () => {
    const email = invitationEmail(invitation);
    expect(email.to).toBe("bob@example.com");
    expect(email.subject).toBe("ada@example.com invited you to Platform team on Tool Execution API");
  });

  it("carries the accept link alone on its line, the role, and when the link expires", () => {
    const lines = invitationEmail(invitation).text.split("\n");
    expect(lines).toContain(invitation.acceptUrl);
    expect(lines[0]).toBe('ada@example.com invited you to join the workspace "Platform team" on Tool Execution API as a member.');
    expect(lines).toContain("The link expires on 2025-01-08 12:00 UTC.");
  });

  it.each([["admin", "as an admin."], ["owner", "as an owner."], ["member", "as a member."]] as const)("names the role %s %j", (role, phrase) => {
    expect(invitationEmail({ ...invitation, role }).text.split("\n")[0]).toContain(` ${phrase}`);
  });

  it("keeps the subject on one line whatever the names hold", () => {
    const email = invitationEmail({ ...invitation, workspaceName: "Team\r\nBcc: x@example.com", inviterEmail: "ada@example.com\n" });
    expect(email.subject).toBe("ada@example.com invited you to Team Bcc: x@example.com on Tool Execution API");
  });

  it("is pure: the same input gives the same email", () => {
    expect(invitationEmail(invitation)).toEqual(invitationEmail(invitation));
  });
});

describe("toUtcText", () => {
  it.each([[0, "1970-01-01 00:00 UTC"], [NOW, "2025-01-01 12:00 UTC"], [NOW + 59_999, "2025-01-01 12:00 UTC"]])("%d → %s", (epochMs, text) => {
    expect(toUtcText(epochMs)).toBe(text);
  });
});
