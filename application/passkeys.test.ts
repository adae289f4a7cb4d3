import Keyv from "keyv";
import { beforeEach, describe, expect, it } from "vitest";
import { TOKENS } from "../adapters/container.ts";
import { buildToolCore } from "../adapters/core/create-tool-core.ts";
import { ScryptPasswordHasher } from "../adapters/security/scrypt-password-hasher.ts";
import { KeyvOutbox } from "../adapters/storage/keyv-outbox.ts";
import { KeyvScanIndex } from "../adapters/storage/keyv-scan-index.ts";
import { openMemoryStorage } from "../adapters/storage/open-storage.ts";
import type { StoredItem } from "../adapters/storage/outbox-listings.ts";
import { FixedClock } from "../adapters/system.ts";
import { InlineToolRunner } from "../adapters/tools/inline-tool-runner.ts";
import { createCredential, getAssertion } from "../adapters/webauthn/testing/soft-authenticator.ts";
import type { Account } from "../domain/account.ts";
import { PASSKEY_CHALLENGE_TTL_MS } from "../domain/passkey.ts";

// The passkey use cases on the injected clock, with the real WebAuthn library and a software authenticator: the
// 5-minute life of each challenge, and what a passkey sign-in does not ask (a TOTP step, the password throttle).

const ORIGIN = "http://localhost:4000";
type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string; allowCredentials?: unknown[] };

function setUp() {
  const clock = new FixedClock(Date.UTC(2026, 10, 1, 9));
  const storage = openMemoryStorage(clock);
  const outbox = new KeyvOutbox(storage.atomic<StoredItem>("outbox"), new KeyvScanIndex(new Keyv({ namespace: "outbox-index" })));
  const core = buildToolCore({
    storage, clock, runner: new InlineToolRunner(), tools: [],
    passwordHasher: new ScryptPasswordHasher({ logN: 10, r: 8, p: 1 }), events: { publicUrl: () => ORIGIN, dispatch: false, outbox },
  });
  const { container } = core.services;
  return { clock, outbox, security: container.get(TOKENS.accountSecurity), accounts: container.get(TOKENS.accountStore), signUp: container.get(TOKENS.signUp) };
}

describe("passkeys on the injected clock", () => {
  let t: ReturnType<typeof setUp>;
  let account: Account;
  beforeEach(async () => {
    t = setUp();
    const signedUp = await t.signUp.execute({ email: "ada@example.com", password: "violet harbour 1987 kettle", ip: "192.0.2.1" });
    if (!signedUp.ok) throw new Error(signedUp.error.message);
    account = (await t.accounts.findById(signedUp.value.account.id))!;
  });

  const registrationOptions = async () => {
    const result = await t.security.passkeyRegistrationOptions.execute({ account });
    if (!result.ok) throw new Error(result.error.message);
    return result.value.options as Options;
  };
  const register = async () => {
    const made = createCredential(await registrationOptions(), ORIGIN);
    const added = await t.security.addPasskey.execute({ account, response: made.response, name: "Laptop" });
    if (!added.ok) throw new Error(added.error.message);
    account = (await t.accounts.findById(account.id))!;
    return made.credential;
  };
  const authenticationOptions = async () => {
    const result = await t.security.passkeyAuthenticationOptions.execute({ ip: "192.0.2.1" });
    if (!result.ok) throw new Error(result.error.message);
    return result.value.options as Options;
  };

  it("refuses a registration answered 1 ms after its 5 minutes, and takes one answered just within", async () => {
    const late = createCredential(await registrationOptions(), ORIGIN);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1);
    const refused = await t.security.addPasskey.execute({ account, response: late.response });
    expect(refused.ok ? undefined : refused.error.code).toBe("invalid_input");
    const timely = createCredential(await registrationOptions(), ORIGIN);
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS - 1);
    const added = await t.security.addPasskey.execute({ account, response: timely.response });
    expect(added.ok && added.value).toMatchObject({ id: timely.credential.id, name: "Passkey 1", lastUsedAt: null });
  });

  it("refuses a sign-in answered 1 ms after its challenge's 5 minutes, and signs in just within", async () => {
    const credential = await register();
    const lateOptions = await authenticationOptions();
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1);
    const refused = await t.security.signInWithPasskey.execute({ response: getAssertion(credential, lateOptions, ORIGIN) });
    expect(refused.ok ? undefined : refused.error.code).toBe("invalid_credentials");
    const options = await authenticationOptions();
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS - 1);
    const signedIn = await t.security.signInWithPasskey.execute({ response: getAssertion(credential, options, ORIGIN) });
    expect(signedIn.ok && signedIn.value.account.id).toBe(account.id);
    const stored = (await t.accounts.findById(account.id))!.passkeys![0];
    expect(stored).toMatchObject({ counter: credential.counter, lastUsedAt: t.clock.now() });
  });

  it("emails the account that a passkey was added (its name in the text), and says nothing of a removal", async () => {
    const credential = await register();
    await t.security.removePasskey.execute({ account, passkeyId: credential.id });
    const emails = (await t.outbox.claim(t.clock.now(), 10, 60_000, "test")).flatMap((item) => (item.work.kind === "email" ? [item.work.email] : []));
    const notices = emails.filter((email) => email.subject.includes("passkey"));
    expect(notices.map((email) => [email.to, email.subject])).toEqual([["ada@example.com", "Tool Execution API: A passkey was added"]]);
    expect(notices[0].text).toContain("passkey 'Laptop'");
  });

  it("opens a session with no second step while TOTP is on", async () => {
    const credential = await register();
    await t.accounts.update(account.id, (current) => ({ ...current, totp: { secret: "JBSWY3DPEHPK3PXP", lastStep: 0, enabledAt: t.clock.now() } }));
    const signedIn = await t.security.signInWithPasskey.execute({ response: getAssertion(credential, await authenticationOptions(), ORIGIN) });
    expect(signedIn.ok && { token: typeof signedIn.value.token, mfa: "mfaRequired" in signedIn.value }).toEqual({ token: "string", mfa: false });
  });

  it("refuses a passkey once removed, and a removal of an id the account does not hold", async () => {
    const credential = await register();
    expect((await t.security.removePasskey.execute({ account, passkeyId: "bm90LW1pbmU" })).ok).toBe(false);
    expect((await t.security.removePasskey.execute({ account, passkeyId: credential.id })).ok).toBe(true);
    const signedIn = await t.security.signInWithPasskey.execute({ response: getAssertion(credential, await authenticationOptions(), ORIGIN) });
    expect(signedIn.ok ? undefined : signedIn.error.code).toBe("invalid_credentials");
  });
});
