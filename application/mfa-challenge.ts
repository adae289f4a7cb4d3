import type { Account } from "../domain/account.ts";
import { MFA_TOKEN_TTL_MS, type MfaRecord, mfaTokenKey } from "../domain/totp.ts";
import type { Clock, FlashStore, SecretSource } from "./ports.ts";
import { newToken } from "./random-ids.ts";

/** The answer to a right password when TOTP is on: no session yet, a token for the second step. */
export interface MfaChallenge {
  readonly kind: "mfa";
  /** Returned once; stored only as its hash, for MFA_TOKEN_TTL_MS. */
  readonly mfaToken: string;
  readonly expiresAt: number;
}

/** Starts the second step of a sign-in whose password was right. */
export async function issueMfaChallenge(deps: { readonly tokens: FlashStore; readonly secrets: SecretSource; readonly clock: Clock }, account: Account): Promise<MfaChallenge> {
  const mfaToken = newToken(deps.secrets);
  const expiresAt = deps.clock.now() + MFA_TOKEN_TTL_MS;
  const record: MfaRecord = { accountId: account.id, tries: 0, expiresAt, epoch: account.sessionEpoch ?? 0 };
  await deps.tokens.put(mfaTokenKey(mfaToken), JSON.stringify(record), MFA_TOKEN_TTL_MS);
  return { kind: "mfa", mfaToken, expiresAt };
}
