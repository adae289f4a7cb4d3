import { describe, expect, it } from "vitest";
import { hashSessionToken, isSameToken, isSessionLive, type Session, sessionExpiresAt, touchSession } from "./session.ts";

const HOUR = 3_600_000;
const policy = { idleMs: 2 * HOUR, absoluteMs: 24 * HOUR };
const session: Session = { id: "h", accountId: "acct_1", workspaceId: "ws_1", csrfToken: "c", createdAt: 0, lastSeenAt: 0 };

describe("session expiry", () => {
  it.each([
    ["fresh", session, 0, true],
    ["idle just under the limit", session, 2 * HOUR - 1, true],
    ["idle for the whole idle limit", session, 2 * HOUR, false],
    ["used recently but past the absolute limit", { ...session, lastSeenAt: 23.5 * HOUR }, 24 * HOUR, false],
    ["used recently within the absolute limit", { ...session, lastSeenAt: 20 * HOUR }, 21 * HOUR, true],
  ])("%s → live: %s", (_name, candidate, now, live) => {
    expect(isSessionLive(candidate, now, policy)).toBe(live);
  });

  it("ends at the earlier of idle and absolute expiry", () => {
    expect(sessionExpiresAt(session, policy)).toBe(2 * HOUR);
    expect(sessionExpiresAt({ ...session, lastSeenAt: 23 * HOUR }, policy)).toBe(24 * HOUR);
  });

  it("records use at most once a minute", () => {
    expect(touchSession(session, 59_999)).toBe(session);
    expect(touchSession(session, 60_000)).toEqual({ ...session, lastSeenAt: 60_000 });
  });
});

describe("session tokens", () => {
  it("stores a SHA-256 of the token, never the token", () => {
    expect(hashSessionToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it.each([
    ["same", "token", "token", true],
    ["different", "token", "tokem", false],
    ["shorter", "token", "toke", false],
    ["missing", "token", null, false],
  ])("compares CSRF tokens: %s", (_name, expected, given, same) => {
    expect(isSameToken(expected, given)).toBe(same);
  });
});
