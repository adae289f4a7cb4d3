import Keyv from "keyv";
import { DEFAULT_ATTEMPT_LIMITS } from "../../application/attempt-limits.ts";
import { CreateWorkspace } from "../../application/create-workspace.ts";
import { ListMembers } from "../../application/list-members.ts";
import { ListWorkspaces } from "../../application/list-workspaces.ts";
import { RenameWorkspace } from "../../application/rename-workspace.ts";
import { ResolveSession } from "../../application/resolve-session.ts";
import { SignIn } from "../../application/sign-in.ts";
import { SignOut } from "../../application/sign-out.ts";
import { SignUp } from "../../application/sign-up.ts";
import { SwitchWorkspace } from "../../application/switch-workspace.ts";
import { DEFAULT_SESSION_POLICY } from "../../domain/session.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { ZxcvbnPasswordRater } from "../security/zxcvbn-password-rater.ts";
import { KeyvAccountStore } from "../storage/keyv-account-store.ts";
import { KeyvFlashStore, KeyvSessionStore } from "../storage/keyv-session-store.ts";
import { KeyvWorkspaceStore } from "../storage/keyv-workspace-store.ts";
import { MemoryRateLimitStore } from "../storage/memory/memory-rate-limit-store.ts";
import { CryptoSecretSource, FixedClock } from "../system.ts";

export const PASSWORD = "correct horse battery";

/** The account use cases on real in-memory adapters, a fixed clock and scrypt at a test cost. */
export function createAccountFixture() {
  const keyv = <T>(namespace: string) => new Keyv<T>({ store: new Map(), namespace, throwOnErrors: true });
  const clock = new FixedClock(Date.UTC(2026, 0, 1));
  const deps = {
    accounts: new KeyvAccountStore({ records: keyv("accounts"), emails: keyv("emails") }),
    workspaces: new KeyvWorkspaceStore(keyv("ws"), keyv("ws-members"), keyv("account-ws")),
    sessions: new KeyvSessionStore(keyv("sessions"), clock, keyv("account-sessions")),
    limits: new MemoryRateLimitStore(clock),
    clock,
    secrets: new CryptoSecretSource(),
    hasher: new ScryptPasswordHasher({ logN: 10, r: 8, p: 1 }),
    passwordRater: new ZxcvbnPasswordRater(),
    sessionPolicy: DEFAULT_SESSION_POLICY,
    attemptLimits: DEFAULT_ATTEMPT_LIMITS,
    tokens: new KeyvFlashStore(keyv("tokens")),
  };
  return {
    ...deps,
    signUp: new SignUp(deps),
    signIn: new SignIn(deps),
    signOut: new SignOut(deps),
    resolve: new ResolveSession(deps),
    switchWorkspace: new SwitchWorkspace(deps),
    listWorkspaces: new ListWorkspaces(deps),
    createWorkspace: new CreateWorkspace(deps),
    renameWorkspace: new RenameWorkspace(deps),
    listMembers: new ListMembers(deps),
  };
}

export type AccountFixture = ReturnType<typeof createAccountFixture>;

/** Signs an account up and returns what SignUp answered. */
export async function signedUp(test: AccountFixture, email = "ada@example.com") {
  const result = await test.signUp.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
