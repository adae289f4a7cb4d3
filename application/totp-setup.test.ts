import { createHash } from "node:crypto";
import { Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { account, codeAt, PASSWORD, setup, STEP_MS, T0, type Test, withTotp } from "../adapters/testing/totp-fixture.ts";

describe("TOTP set-up", () => {
  it("offers a 20-byte base32 secret and its otpauth:// URL, kept pending until a code confirms it", async () => {
    const test = setup();
    await test.signUp.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    const result = await test.security.startTotpSetup.execute({ account: await account(test) });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Buffer.from(Secret.fromBase32(result.value.secret).buffer).length).toBe(20);
    const url = new URL(result.value.otpauthUrl);
    expect(url.searchParams.get("secret")).toBe(result.value.secret);
    expect(decodeURIComponent(url.pathname)).toBe("/Tool Execution API:ada@example.com");
    const stored = await account(test);
    expect(stored.totpPending?.secret).toBe(result.value.secret);
    expect(stored.totp).toBeUndefined();
    expect(result.value.expiresAt).toBe(new Date(T0 + 15 * 60_000).toISOString());
  });

  it("refuses a wrong code with 422 at /code and leaves TOTP off", async () => {
    const test = setup();
    await test.signUp.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    const started = await test.security.startTotpSetup.execute({ account: await account(test) });
    if (!started.ok) throw new Error("no set-up");
    const wrong = String((Number(codeAt(started.value.secret, T0)) + 1) % 1_000_000).padStart(6, "0");
    const result = await test.security.enableTotp.execute({ account: await account(test), code: wrong });
    expect(result.ok || result.error).toMatchObject({ code: "invalid_input", details: [{ path: "/code" }] });
    expect((await account(test)).totp).toBeUndefined();
  });

  it("turns on with the app's code: 10 distinct recovery codes stored only as SHA-256 hashes, audited, and set-up again refused", async () => {
    const test = setup();
    const { recoveryCodes, personalWorkspaceId } = await withTotp(test);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await account(test);
    expect(stored.totp?.lastStep).toBe(Math.floor(T0 / STEP_MS));
    expect(stored.totpPending).toBeUndefined();
    expect(stored.recoveryCodeHashes).toEqual(recoveryCodes.map((code) => createHash("sha256").update(code.replace("-", "")).digest("hex")));
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    const events = await test.audit.list(personalWorkspaceId, 200);
    expect(events.map((event) => event.type)).toContain("account.totp_enabled");
    const again = await test.security.startTotpSetup.execute({ account: stored });
    expect(again.ok || again.error.code).toBe("conflict");
  });
});

describe("TOTP set-up expiry", () => {
  const SETUP_TTL_MS = 15 * 60_000;

  /** Signs up and starts a set-up at the clock's current time; its secret. */
  async function started(test: Test): Promise<string> {
    await test.signUp.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.1" });
    const result = await test.security.startTotpSetup.execute({ account: await account(test) });
    if (!result.ok) throw new Error(result.error.message);
    return result.value.secret;
  }

  it("refuses the app's code 15 minutes after the set-up started with 409 conflict, leaves TOTP off, and a new set-up works", async () => {
    const test = setup();
    const secret = await started(test);
    test.clock.advance(SETUP_TTL_MS);
    const late = await test.security.enableTotp.execute({ account: await account(test), code: codeAt(secret, test.clock.now()) });
    expect(late.ok || late.error).toMatchObject({ code: "conflict", message: expect.stringMatching(/expired.*start it again/) });
    expect((await account(test)).totp).toBeUndefined();
    const again = await test.security.startTotpSetup.execute({ account: await account(test) });
    if (!again.ok) throw new Error(again.error.message);
    const enabled = await test.security.enableTotp.execute({ account: await account(test), code: codeAt(again.value.secret, test.clock.now()) });
    expect(enabled.ok).toBe(true);
  });

  it("turns on with the app's code just inside the 15 minutes", async () => {
    const test = setup();
    const secret = await started(test);
    test.clock.advance(SETUP_TTL_MS - 1);
    const enabled = await test.security.enableTotp.execute({ account: await account(test), code: codeAt(secret, test.clock.now()) });
    expect(enabled.ok).toBe(true);
    expect((await account(test)).totp?.secret).toBe(secret);
  });

  it("refuses in the compare-and-set a set-up that expired after the account was read", async () => {
    const test = setup();
    const secret = await started(test);
    test.clock.advance(SETUP_TTL_MS);
    const stored = await account(test);
    // The account as read before the set-up expired: only the stored one, which the update compares, has expired.
    const read = { ...stored, totpPending: { secret, createdAt: test.clock.now() } };
    const late = await test.security.enableTotp.execute({ account: read, code: codeAt(secret, test.clock.now()) });
    expect(late.ok || late.error.code).toBe("conflict");
    expect((await account(test)).totp).toBeUndefined();
  });
});

