import { describe, expect, it } from "vitest";
import type { Passkey } from "./account.ts";
import { readClaimedChallenge, readCredentialId, readPasskeyName, readUserHandle, toPasskeyView } from "./passkey.ts";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const withClientData = (clientData: unknown) => ({ response: { clientDataJSON: b64(JSON.stringify(clientData)) } });

describe("reading an untrusted WebAuthn response", () => {
  it.each([
    ["a base64url challenge", withClientData({ type: "webauthn.get", challenge: "abc_-9" }), "abc_-9"],
    ["no response at all", "garbage", undefined],
    ["clientDataJSON that is not base64url", { response: { clientDataJSON: "not base64!" } }, undefined],
    ["clientDataJSON that is not JSON", { response: { clientDataJSON: b64("{") } }, undefined],
    ["a challenge that is not base64url", withClientData({ challenge: "a b" }), undefined],
    ["a challenge of another type", withClientData({ challenge: 42 }), undefined],
    ["an oversized clientDataJSON", { response: { clientDataJSON: "A".repeat(5000) } }, undefined],
  ])("finds the claimed challenge in %s", (_case, response, expected) => {
    expect(readClaimedChallenge(response)).toBe(expected);
  });

  it("reads the user handle as the account id, and the credential id only when base64url", () => {
    expect(readUserHandle({ response: { userHandle: b64("acct_123") } })).toBe("acct_123");
    expect(readUserHandle({ response: { userHandle: "" } })).toBeUndefined();
    expect(readCredentialId({ id: "Zm9v" })).toBe("Zm9v");
    expect(readCredentialId({ id: "../x" })).toBeUndefined();
  });
});

describe("a passkey's name and view", () => {
  it.each([
    [undefined, { name: "Passkey 3" }],
    ["   ", { name: "Passkey 3" }],
    ["  Laptop ", { name: "Laptop" }],
    ["a\u0007b", { issue: expect.objectContaining({ path: "/name" }) }],
    ["gnp\u202Eexe", { issue: expect.objectContaining({ path: "/name" }) }],
    ["x".repeat(65), { issue: { path: "/name", message: "must be 1 to 64 characters" } }],
    [7, { issue: expect.objectContaining({ path: "/name" }) }],
  ])("reads %j with two passkeys held", (raw, expected) => {
    expect(readPasskeyName(raw, 2)).toEqual(expected);
  });

  it("shows dates as ISO strings and never the public key", () => {
    const passkey: Passkey = { id: "abc", name: "Key", publicKey: "secret-ish", counter: 3, createdAt: Date.UTC(2026, 0, 2), lastUsedAt: undefined };
    expect(toPasskeyView(passkey)).toEqual({ id: "abc", name: "Key", createdAt: "2026-01-02T00:00:00.000Z", lastUsedAt: null });
  });
});
