import type { Account, Passkey } from "../domain/account.ts";
import { conflict, type DomainError, invalidInput, notFound } from "../domain/errors.ts";
import {
  challengeKey, MAX_PASSKEYS_PER_ACCOUNT, PASSKEY_CHALLENGE_TTL_MS, type PasskeyView, readClaimedChallenge, readPasskeyName, toPasskeyView,
} from "../domain/passkey.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { AccountSecurityDeps, RelyingParty } from "./account-security-deps.ts";
import { changeAccount } from "./account-changes.ts";
import type { PasskeyVerifier } from "./passkey-verifier.ts";

/** What the passkey use cases need: account security's dependencies and a WebAuthn verifier. */
export interface PasskeyDeps extends AccountSecurityDeps {
  readonly passkeyVerifier: PasskeyVerifier;
}

/** The answer while PUBLIC_URL is on an IP address: WebAuthn binds a credential to a domain name. */
export const passkeysUnavailable = (): DomainError =>
  conflict("Passkeys need PUBLIC_URL on a domain name, not an IP address: open the dashboard at http://localhost:<PORT> (or your domain) and set PUBLIC_URL to it.");

/** A fresh challenge (base64url of 32 random bytes), kept one-time for 5 minutes under its hash, for `owner`. */
export async function newChallenge(deps: PasskeyDeps, ceremony: "registration" | "authentication", owner: string): Promise<string> {
  const challenge = Buffer.from(deps.secrets.randomBytes(32)).toString("base64url");
  const expiresAt = deps.clock.now() + PASSKEY_CHALLENGE_TTL_MS;
  // The expiry is also kept inside: the store's own TTL runs on its clock, the rule on the injected one.
  await deps.tokens.put(challengeKey(ceremony, challenge), JSON.stringify({ owner, expiresAt }), PASSKEY_CHALLENGE_TTL_MS);
  return challenge;
}

/** Spends a challenge: the owner it was made for, or undefined when unknown, used or expired. */
export async function takeChallenge(deps: PasskeyDeps, ceremony: "registration" | "authentication", challenge: string): Promise<string | undefined> {
  const stored = await deps.tokens.take(challengeKey(ceremony, challenge));
  if (stored === undefined) return undefined;
  const { owner, expiresAt } = JSON.parse(stored) as { owner: string; expiresAt: number };
  return deps.clock.now() <= expiresAt ? owner : undefined;
}

/** POST /auth/passkeys/registration-options: creation options whose challenge only this account can answer. */
export class PasskeyRegistrationOptions {
  constructor(private readonly deps: PasskeyDeps) {}

  async execute(cmd: { readonly account: Account }): Promise<Result<{ options: unknown }, DomainError>> {
    const { relyingParty: rp, passkeyVerifier } = this.deps;
    if (!rp) return err(passkeysUnavailable());
    const challenge = await newChallenge(this.deps, "registration", cmd.account.id);
    const user = { accountId: cmd.account.id, email: cmd.account.email };
    return ok({ options: await passkeyVerifier.registrationOptions(rp, user, challenge, cmd.account.passkeys ?? []) });
  }
}

export interface AddPasskeyCommand {
  readonly account: Account;
  /** The browser's RegistrationResponseJSON, unchecked. */
  readonly response: unknown;
  readonly name?: unknown;
}

const badResponse = () => invalidInput([{ path: "/response", message: "is not a valid answer to a registration challenge of this account (expired, used or forged)" }]);

/** POST /auth/passkeys: verifies a registration and stores the credential, with its audit event and email notice. */
export class AddPasskey {
  constructor(private readonly deps: PasskeyDeps) {}

  async execute(cmd: AddPasskeyCommand): Promise<Result<PasskeyView, DomainError>> {
    const { relyingParty: rp, clock } = this.deps;
    if (!rp) return err(passkeysUnavailable());
    const named = readPasskeyName(cmd.name, cmd.account.passkeys?.length ?? 0);
    if ("issue" in named) return err(invalidInput([named.issue]));
    const credential = await this.verify(rp, cmd);
    if (!credential.ok) return credential;
    const passkey: Passkey = { ...credential.value, name: named.name, createdAt: clock.now() };
    const notice = { type: "account.passkey_added" as const, email: "passkey_added" as const, detail: `passkey '${named.name}'`, passkeyId: passkey.id, passkeyName: passkey.name };
    const update = await changeAccount(this.deps, cmd.account, notice, (current) => withPasskey(current, passkey));
    if (!update) return err(notFound("The account no longer exists."));
    if (update.after === update.before) return err(conflict(`This passkey is already registered, or the account has ${MAX_PASSKEYS_PER_ACCOUNT} passkeys (remove one first).`));
    return ok(toPasskeyView(passkey));
  }

  /** The challenge is spent before anything else is checked: a response can be tried once, whatever its fate. */
  private async verify(rp: RelyingParty, cmd: AddPasskeyCommand) {
    const challenge = readClaimedChallenge(cmd.response);
    const owner = challenge && (await takeChallenge(this.deps, "registration", challenge));
    if (!challenge || owner !== cmd.account.id) return err(badResponse());
    const credential = await this.deps.passkeyVerifier.verifyRegistration(rp, cmd.response, challenge);
    return credential ? ok(credential) : err(badResponse());
  }
}

/** The account with one more passkey; undefined (no change) for a credential it holds already or past the cap. */
function withPasskey(account: Account, passkey: Passkey): Account | undefined {
  const passkeys = account.passkeys ?? [];
  if (passkeys.length >= MAX_PASSKEYS_PER_ACCOUNT || passkeys.some((one) => one.id === passkey.id)) return undefined;
  return { ...account, passkeys: [...passkeys, passkey] };
}

/** DELETE /auth/passkeys/{id}: forgets one of the account's passkeys (audited; no email). */
export class RemovePasskey {
  constructor(private readonly deps: PasskeyDeps) {}

  async execute(cmd: { readonly account: Account; readonly passkeyId: string }): Promise<Result<PasskeyView, DomainError>> {
    const passkey = cmd.account.passkeys?.find((one) => one.id === cmd.passkeyId);
    const missing = notFound("This account has no passkey with this id.");
    if (!passkey) return err(missing);
    const notice = { type: "account.passkey_removed" as const, detail: `passkey '${passkey.name}'`, passkeyId: passkey.id, passkeyName: passkey.name };
    const update = await changeAccount(this.deps, cmd.account, notice, (current) => {
      const passkeys = current.passkeys ?? [];
      return passkeys.some((one) => one.id === cmd.passkeyId) ? { ...current, passkeys: passkeys.filter((one) => one.id !== cmd.passkeyId) } : undefined;
    });
    return update && update.after !== update.before ? ok(toPasskeyView(passkey)) : err(missing);
  }
}

/** GET /auth/passkeys: the account's passkeys, oldest first. */
export const listPasskeys = (account: Account): readonly PasskeyView[] => (account.passkeys ?? []).map(toPasskeyView);
