import type { Account } from "../domain/account.ts";
import { PRODUCT_NAME } from "../domain/emails.ts";
import { conflict, type DomainError, invalidCredentials, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import {
  livePendingTotp, type PendingTotp, RECOVERY_CODE_COUNT, readSecondFactorCode, recoveryCodeOf, TOTP_SECRET_BYTES, TOTP_SETUP_TTL_MS, withoutTotp,
} from "../domain/totp.ts";
import { changeAccount } from "./account-changes.ts";
import { readCodeField, spendSecondFactor, type TwoFactorDeps } from "./two-factor.ts";

/** A TOTP secret offered for set-up: shown to the account's owner (and kept pending until a code confirms it). */
export interface TotpSetup {
  /** Base32, for typing into an authenticator app. */
  readonly secret: string;
  /** The same as an `otpauth://` URL, for a QR code. */
  readonly otpauthUrl: string;
}

/** A set-up as POST /auth/totp answers it: the secret, and when it stops being accepted (ISO 8601). */
export interface StartedTotpSetup extends TotpSetup {
  readonly expiresAt: string;
}

/** The otpauth:// URL of a secret for this account (issuer: the product's name; account: the email). */
export const totpSetupOf = (deps: Pick<TwoFactorDeps, "totp">, account: Pick<Account, "email">, secret: string): TotpSetup =>
  ({ secret, otpauthUrl: deps.totp.keyUri(secret, PRODUCT_NAME, account.email) });

const alreadyOn = (): DomainError => conflict("Two-factor sign-in is already on. Turn it off first to set up a new authenticator.");
const setupExpired = (): DomainError =>
  conflict(`The two-factor set-up expired (a set-up lasts ${TOTP_SETUP_TTL_MS / 60_000} minutes): start it again.`);

/** The set-up a code may confirm at `now`: the account's pending one while it is live; 409 when none was started or it expired. */
export function liveSetupOf(account: Account, now: number): Result<PendingTotp, DomainError> {
  if (!account.totpPending) return err(conflict("No two-factor set-up is in progress: start one first (POST /auth/totp)."));
  const live = livePendingTotp(account, now);
  return live ? ok(live) : err(setupExpired());
}

/**
 * POST /auth/totp: a new secret (20 random bytes), kept as the account's pending set-up for TOTP_SETUP_TTL_MS (it
 * replaces any earlier one, expired or not); 409 while TOTP is on.
 */
export class StartTotpSetup {
  constructor(private readonly deps: TwoFactorDeps) {}

  async execute(cmd: { readonly account: Account }): Promise<Result<StartedTotpSetup, DomainError>> {
    const { deps } = this;
    if (cmd.account.totp) return err(alreadyOn());
    const secret = deps.totp.encodeSecret(deps.secrets.randomBytes(TOTP_SECRET_BYTES));
    const pending = { secret, createdAt: deps.clock.now() };
    const update = await deps.accounts.update(cmd.account.id, (current) => (current.totp ? undefined : { ...current, totpPending: pending }));
    if (!update || update.after === update.before) return err(alreadyOn());
    return ok({ ...totpSetupOf(deps, cmd.account, secret), expiresAt: new Date(pending.createdAt + TOTP_SETUP_TTL_MS).toISOString() });
  }
}

/**
 * POST /auth/totp/enable: a code of the pending secret turns TOTP on (that code counts as used) and gives 10 recovery
 * codes, returned this once and stored as SHA-256 hashes only; audited and noticed by email. A wrong code: 422; no
 * set-up, or one that expired (TOTP_SETUP_TTL_MS after it started): 409.
 */
export class EnableTotp {
  constructor(private readonly deps: TwoFactorDeps) {}

  async execute(cmd: { readonly account: Account; readonly code: unknown }): Promise<Result<{ recoveryCodes: string[] }, DomainError>> {
    const { deps } = this;
    const field = readCodeField(cmd.code);
    if (!field.ok) return field;
    const { account } = cmd;
    if (account.totp) return err(alreadyOn());
    const setup = liveSetupOf(account, deps.clock.now());
    if (!setup.ok) return setup;
    const pending = setup.value;
    const code = field.value;
    const step = code?.kind === "totp" ? deps.totp.matchStep(pending.secret, code.code, deps.clock.now()) : undefined;
    if (step === undefined) return err(wrongSetupCode());
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeOf(deps.secrets.randomBytes(10)));
    const hashes = recoveryCodes.map((shown) => {
      const read = readSecondFactorCode(shown);
      if (read?.kind !== "recovery") throw new Error("a recovery code must read back as one");
      return read.hash;
    });
    const enabledAt = deps.clock.now();
    const update = await changeAccount(deps, account, { type: "account.totp_enabled", email: "totp_enabled" }, (current) => {
      if (current.totp || livePendingTotp(current, enabledAt)?.secret !== pending.secret) return undefined;
      const { totpPending: _done, ...rest } = current;
      return { ...rest, totp: { secret: pending.secret, lastStep: step, enabledAt }, recoveryCodeHashes: hashes };
    });
    if (update && update.after !== update.before) return ok({ recoveryCodes });
    // `change` must stay pure (it may run again), so why it refused is read from the set-up this code matched.
    if (!livePendingTotp({ totpPending: pending }, enabledAt)) return err(setupExpired());
    return err(conflict("The two-factor set-up changed meanwhile (turned on elsewhere, or restarted): reload and try again."));
  }
}

const wrongSetupCode = (): DomainError =>
  invalidInput([{ path: "/code", message: "is not the authenticator's current code for this set-up: check the app's clock and try the next code" }], "The code is incorrect.");

/** A wrong second-factor code: one body whatever was wrong (the code, its reuse, or TOTP being off). */
export const wrongCode = (): DomainError => ({ ...invalidCredentials(), message: "The code is incorrect or was already used." });

/** DELETE /auth/totp: with a TOTP or recovery code, turns TOTP off (secret, pending set-up and recovery codes go). */
export class DisableTotp {
  constructor(private readonly deps: TwoFactorDeps) {}

  /** The account as it is now, with two-factor off. */
  async execute(cmd: { readonly account: Account; readonly code: unknown }): Promise<Result<Account, DomainError>> {
    const { deps } = this;
    const field = readCodeField(cmd.code);
    if (!field.ok) return field;
    const { account } = cmd;
    if (!account.totp) return err(wrongCode());
    const spent = await spendSecondFactor(deps, account, field.value, wrongCode, {
      then: withoutTotp,
      write: (change) => changeAccount(deps, account, { type: "account.totp_disabled", email: "totp_disabled" }, change),
    });
    return spent;
  }
}
