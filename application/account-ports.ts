import type { Account } from "../domain/account.ts";
import type { Invitation } from "../domain/invitation.ts";
import type { PasswordEstimate } from "../domain/password.ts";
import type { Session } from "../domain/session.ts";
import type { Membership, Workspace } from "../domain/workspace.ts";

// The ports of the dashboard's side (accounts, workspaces, invitations, sessions); application/ports.ts re-exports them.

/** Where dashboard accounts live. Every method throws when the storage cannot be reached. */
export interface AccountStore {
  /** Stores a new account unless its (normalized) email is taken; false, with nothing stored, when it is. */
  create(account: Account): Promise<boolean>;
  /** The account with this id, or undefined. */
  findById(id: string): Promise<Account | undefined>;
  /** The account with this normalized email, or undefined. */
  findByEmail(email: string): Promise<Account | undefined>;
  /**
   * Changes one account atomically on every instance: `change` receives it as stored now and returns the new account,
   * or undefined to leave it; when another writer changed it meanwhile, `change` runs again on the newer one, so it must
   * be a pure function of its argument. The email cannot change here. Undefined when no account has this id.
   */
  update(id: string, change: (current: Account) => Account | undefined): Promise<AccountUpdate | undefined>;
  /** Removes the account and frees its email for a new sign-up; a no-op for an unknown id. */
  delete(id: string): Promise<void>;
}

/** An account as it was before a change and as it is after (the same object when nothing changed). */
export interface AccountUpdate {
  readonly before: Account;
  readonly after: Account;
}

/** Where workspaces and their memberships live. Every method throws when the storage cannot be reached. */
export interface WorkspaceStore {
  /** Inserts or replaces the workspace (by id). */
  save(workspace: Workspace): Promise<void>;
  /** The workspace with this id, or undefined. */
  findById(id: string): Promise<Workspace | undefined>;
  /**
   * Inserts or replaces the membership of one account in one workspace; costs the same however many memberships
   * exist. With `maxPerAccount`, a new membership is refused (false, nothing stored) once the account has that many.
   */
  saveMembership(membership: Membership, options?: { readonly maxPerAccount?: number }): Promise<boolean>;
  /** The account's membership in the workspace, or undefined. */
  findMembership(workspaceId: string, accountId: string): Promise<Membership | undefined>;
  /** Every membership of the workspace, oldest first. */
  listMembers(workspaceId: string): Promise<readonly Membership[]>;
  /** Every membership of the account, oldest first. */
  listMemberships(accountId: string): Promise<readonly Membership[]>;
  /** Removes the account's membership (a no-op when there is none): the workspace's side first, so access ends with the first write. */
  removeMembership(workspaceId: string, accountId: string): Promise<void>;
  /**
   * Runs `section` while no other `exclusive` section of the same workspace runs, on any instance sharing the storage,
   * so a read-check-write of its memberships (the last-owner rule) cannot interleave with another. Throws
   * StorageUnavailableError when the workspace stays busy past a bound of a few seconds. The section calls
   * `ensureHeld` just before it writes: a section that took so long that another instance may have taken the workspace
   * over (its exclusion is a lease, which a stalled process outlives) then stops there, with nothing written.
   */
  exclusive<T>(workspaceId: string, section: (ensureHeld: EnsureHeld) => Promise<T>): Promise<T>;
}

/** Throws StorageUnavailableError when an exclusive section may no longer hold its workspace long enough to write. */
export type EnsureHeld = () => void;

/** An invitation as it was before a change and as it is after (the same object when nothing changed). */
export interface InvitationUpdate {
  readonly before: Invitation;
  readonly after: Invitation;
}

/** Where invitations live; the storage may drop one after its `expiresAt`. Every method throws when storage is unreachable. */
export interface InvitationStore {
  /**
   * Stores a new invitation, findable by id and by its token hash. With `maxPending`, atomically on every instance:
   * false, with nothing stored, when its workspace already has that many pending (unused, unrevoked, unexpired) ones.
   */
  save(invitation: Invitation, options?: { readonly maxPending?: number }): Promise<boolean>;
  /** The invitation with this id, or undefined. */
  findById(id: string): Promise<Invitation | undefined>;
  /** The invitation whose token hashes to `tokenHash`, or undefined. */
  findByTokenHash(tokenHash: string): Promise<Invitation | undefined>;
  /** The workspace's invitations still stored (pending or not), oldest first. */
  listByWorkspace(workspaceId: string): Promise<readonly Invitation[]>;
  /**
   * Changes one invitation atomically on every instance: `change` receives it as stored now and returns the new
   * invitation, or undefined to leave it; when another writer changed it meanwhile, `change` runs again on the newer
   * one, so it must be a pure function of its argument. Undefined when no invitation has this id.
   */
  update(id: string, change: (current: Invitation) => Invitation | undefined): Promise<InvitationUpdate | undefined>;
}

/** Where dashboard sessions live, by the hash of their token. Every method throws when the storage cannot be reached. */
export interface SessionStore {
  /** Inserts or replaces the session; the store may forget it after `expiresAt` (epoch ms). */
  save(session: Session, expiresAt: number): Promise<void>;
  /** The session with this id (token hash), or undefined. */
  find(id: string): Promise<Session | undefined>;
  /**
   * Changes the stored session as `change` says (the same object: nothing written), atomically on every instance, and
   * returns it as stored; undefined when it is no longer stored: a session ended meanwhile (a sign-out, a revocation,
   * on any instance) is never written back. `expiresAt` gives the changed session's expiry.
   */
  update(id: string, change: (current: Session) => Session, expiresAt: (session: Session) => number): Promise<Session | undefined>;
  /** Forgets the session; no-op for an unknown id. */
  delete(id: string): Promise<void>;
  /** Every session of the account still stored (expired ones may be among them: the caller judges), oldest first. */
  listByAccount(accountId: string): Promise<readonly Session[]>;
}

/** One-time values kept server-side between a POST and the GET it redirects to. Throws when storage is unreachable. */
export interface FlashStore {
  /** Keeps `value` under `id` for at most `ttlMs`. */
  put(id: string, value: string, ttlMs: number): Promise<void>;
  /**
   * The value under `id`, removed as it is read, or undefined when absent or expired. Atomic on every instance: of
   * any number of concurrent takes of one value, exactly one gets it (one-time tokens rely on this).
   */
  take(id: string): Promise<string | undefined>;
}

/** A password strength estimator (zxcvbn), for new passwords. */
export interface PasswordRater {
  /**
   * The estimate for `password`, counting `userInputs` (the account's email…) as words a guesser knows. Never stores
   * or logs the password. May estimate a prefix only of a very long password, to bound its CPU time. Throws only on bugs.
   */
  rate(password: string, userInputs: readonly string[]): Promise<PasswordEstimate>;
}

/** A memory-hard password KDF. Both methods run off the event loop. */
export interface PasswordHasher {
  /** A self-describing hash (algorithm, parameters, salt, digest) of `password`. */
  hash(password: string): Promise<string>;
  /** Whether `password` matches `hash`, compared in constant time; false for a malformed hash. */
  verify(password: string, hash: string): Promise<boolean>;
}
