import { describe, expect, it } from "vitest";
import { checkWorkspaceName, isAllowed, toWorkspaceView } from "./workspace.ts";

describe("workspaces", () => {
  it.each([
    ["Platform team", true],
    ["  trimmed  ", true],
    ["", false],
    ["   ", false],
    ["x".repeat(64), true],
    ["x".repeat(65), false],
    [7, false],
  ])("name %j acceptable: %s", (name, acceptable) => {
    expect(checkWorkspaceName(name).ok).toBe(acceptable);
  });

  it.each([
    ["owner", "rename", true],
    ["admin", "rename", true],
    ["member", "rename", false],
    ["member", "create_key", true],
    ["member", "read", true],
  ] as const)("%s may %s: %s", (role, action, allowed) => {
    expect(isAllowed(role, action)).toBe(allowed);
  });

  it("shows a workspace without its creator", () => {
    expect(toWorkspaceView({ id: "ws_1", name: "Personal", personal: true, createdBy: "acct_1", createdAt: 0 })).toEqual({
      id: "ws_1", name: "Personal", personal: true, createdAt: "1970-01-01T00:00:00.000Z",
    });
  });
});
