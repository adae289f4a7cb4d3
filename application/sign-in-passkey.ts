import type { Account } from "../domain/account.ts";
import { type DomainError, invalidCredentials } from "../domain/errors.ts";
import { readClaimedChallenge, readCredentialId, readUserHandle } from "../domain/passkey.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { toThrottleAddress } from "../domain/client-address.ts";
import { countAttempt, DEFAULT_ATTEMPT_LIMITS } from "./attempt-limits.ts";
import { type PasskeyDeps, newChallenge, passkeysUnavailable, takeChallenge } from "./passkeys.ts";
import { openSignedIn } from "./sign-in.ts";
import type { SignedIn } from "./sign-up.ts";

/** POST /auth/passkeys/authentication-options: request options for a discoverable sign-in, challenge one-time. */
export class PasskeyAuthenticationOptions {
  constructor(private readonly deps: PasskeyDeps) {}

  async execute(cmd: { readonly ip: string }): Promise<Result<{ options: unknown }, DomainError>> {
    const { relyingParty: rp, passkeyVerifier, limits, attemptLimits } = this.deps;
    if (!rp) return err(passkeysUnavailable());
    // Each challenge is stored until it expires, and each sign-in attempt needs one: this caps both per address.
    const policy = attemptLimits.passkeyChallengesPerIp ?? DEFAULT_ATTEMPT_LIMITS.passkeyChallengesPerIp;
    if (policy) {
      const counted = await countAttempt(limits, [[`passkey-challenge:ip:${toThrottleAddress(cmd.ip)}`, policy]]);
      if (!counted.ok) return counted;
    }
    const challenge = await newChallenge(this.deps, "authentication", "1");
    return ok({ options: await passkeyVerifier.authenticationOptions(rp, challenge) });
  }
}

export interface SignInWithPasskeyCommand {
  /** The browser's AuthenticationResponseJSON, unchecked. */
  readonly response: unknown;
  readonly previousToken?: string;
  readonly userAgent?: string;
}

/**
 * POST /auth/sign-in/passkey: a session for the account whose passkey signed a live challenge with user verification.
 * Every failure is the one invalid_credentials. No second factor follows even with TOTP on: a verified passkey is
 * already two factors (the device and its PIN or biometric). The per-account password throttle does not apply, so a
 * flood of wrong passwords cannot keep the owner out.
 */
export class SignInWithPasskey {
  constructor(private readonly deps: PasskeyDeps) {}

  async execute(cmd: SignInWithPasskeyCommand): Promise<Result<SignedIn, DomainError>> {
    const { relyingParty: rp, passkeyVerifier, accounts, clock } = this.deps;
    if (!rp) return err(passkeysUnavailable());
    // Spent first: whatever else is wrong with the response, its challenge cannot be answered again.
    const challenge = readClaimedChallenge(cmd.response);
    if (!challenge || (await takeChallenge(this.deps, "authentication", challenge)) === undefined) return err(invalidCredentials());
    const accountId = readUserHandle(cmd.response);
    const credentialId = readCredentialId(cmd.response);
    const account = accountId && credentialId ? await accounts.findById(accountId) : undefined;
    const passkey = account?.passkeys?.find((one) => one.id === credentialId);
    if (!account || !passkey) return err(invalidCredentials());
    const verified = await passkeyVerifier.verifyAuthentication(rp, cmd.response, challenge, passkey);
    if (!verified) return err(invalidCredentials());
    const now = clock.now();
    const update = await accounts.update(account.id, (current) => withUse(current, passkey.id, verified.counter, now));
    if (!update || update.after === update.before) return err(invalidCredentials());
    return ok(await openSignedIn(this.deps, update.after, cmd));
  }
}

/**
 * The account with the passkey's new counter and last use; undefined when the passkey is gone or another sign-in
 * meanwhile stored a counter this one does not exceed (two sign-ins with one counter value: a cloned authenticator).
 */
function withUse(account: Account, passkeyId: string, counter: number, now: number): Account | undefined {
  const passkeys = account.passkeys ?? [];
  const current = passkeys.find((one) => one.id === passkeyId);
  if (!current || ((counter > 0 || current.counter > 0) && counter <= current.counter)) return undefined;
  return { ...account, passkeys: passkeys.map((one) => (one.id === passkeyId ? { ...one, counter, lastUsedAt: now } : one)) };
}
