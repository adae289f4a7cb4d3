// The two-factor use cases' tests (application/totp*.test.ts): the core on memory storage and a fixed clock, and the
// codes an authenticator app would show, computed by otpauth independently of the server.
import { Secret, TOTP } from "otpauth";
import { type AttemptLimits, DEFAULT_ATTEMPT_LIMITS } from "../../application/attempt-limits.ts";
import type { Account } from "../../domain/account.ts";
import { securityCore } from "./security-core.ts";

export const PASSWORD = "correct horse battery";
export const STEP_MS = 30_000;
// 15 s into a 30 s step, so stepping the clock by whole steps never lands on a boundary.
export const T0 = Date.UTC(2026, 0, 1, 12, 0, 15);

/** The account-security use cases on memory storage and a fixed clock, as the server binds them. */
export const setup = (attemptLimits: AttemptLimits = DEFAULT_ATTEMPT_LIMITS) => securityCore({ attemptLimits, start: T0 });
export type Test = ReturnType<typeof setup>;

/** The code an authenticator app shows for `secret` at `at`, computed by otpauth independently of the server. */
export const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: at });

/** The account with `email` as stored now. */
export async function account(test: Test, email = "ada@example.com"): Promise<Account> {
  const found = await test.accounts.findByEmail(email);
  if (!found) throw new Error("no account");
  return found;
}

/** Signs up and turns TOTP on at the clock's current time; returns the secret and the recovery codes. */
export async function withTotp(test: Test, email = "ada@example.com") {
  const signed = await test.signUp.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  if (!signed.ok) throw new Error(signed.error.message);
  const setupResult = await test.security.startTotpSetup.execute({ account: await account(test, email) });
  if (!setupResult.ok) throw new Error(setupResult.error.message);
  const { secret } = setupResult.value;
  const enabled = await test.security.enableTotp.execute({ account: await account(test, email), code: codeAt(secret, test.clock.now()) });
  if (!enabled.ok) throw new Error(enabled.error.message);
  return { secret, recoveryCodes: enabled.value.recoveryCodes, personalWorkspaceId: signed.value.workspace.id };
}

