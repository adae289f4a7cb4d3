import type { Account } from "../domain/account.ts";
import { type DomainError, signInRequired } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { hashSessionToken, isSessionLive, isSessionOfOlderEpoch, type Session, type SessionPolicy, sessionExpiresAt, touchSession } from "../domain/session.ts";
import { byCreation, type Role, type Workspace } from "../domain/workspace.ts";
import type { AccountStore, Clock, SessionStore, WorkspaceStore } from "./ports.ts";

export interface ResolveSessionCommand {
  /** The session token from the cookie, or undefined when none was sent. */
  readonly token: string | undefined;
  /**
   * Whether this request tells the account that it lost the session's workspace (a dashboard page does). Only then
   * does the session move on to the fallback workspace for good; any other request (a JSON call) is answered in the
   * fallback but leaves the session, and so the one-time notice, for the next page. Default false.
   */
  readonly showsLostAccess?: boolean;
}

/** Who is signed in, and where: the session, its account, and the current workspace with the account's role. */
export interface SessionContext {
  readonly session: Session;
  readonly account: Account;
  readonly workspace: Workspace;
  readonly role: Role;
  /** When the session ends unless used again (epoch ms). */
  readonly expiresAt: number;
  /**
   * The workspace the session was in and the account no longer belongs to (removed); `workspace` is the fallback. The
   * session has moved on to it when the command said `showsLostAccess`, else it still names the lost one.
   */
  readonly lostAccessTo?: Workspace;
}

export interface ResolveSessionDeps {
  readonly sessions: SessionStore;
  readonly accounts: AccountStore;
  readonly workspaces: WorkspaceStore;
  readonly clock: Clock;
  readonly sessionPolicy: SessionPolicy;
}

/** Finds the live session a token names, enforcing idle and absolute expiry, and records its use. */
export class ResolveSession {
  constructor(private readonly deps: ResolveSessionDeps) {}

  async execute(cmd: ResolveSessionCommand): Promise<Result<SessionContext, DomainError>> {
    const { sessions, accounts, clock, sessionPolicy } = this.deps;
    if (!cmd.token) return err(signInRequired());
    const found = await sessions.find(hashSessionToken(cmd.token));
    if (!found) return err(signInRequired());
    const now = clock.now();
    const stored = isSessionLive(found, now, sessionPolicy) ? await accounts.findById(found.accountId) : undefined;
    // Read per request, never cached: a password change or reset on any instance ends the session on its next request.
    const account = stored && !isSessionOfOlderEpoch(found, stored.sessionEpoch) ? stored : undefined;
    if (!account) {
      await sessions.delete(found.id);
      return err(signInRequired());
    }
    const current = await this.currentWorkspace(found);
    if (!current) return err(signInRequired());
    const workspaceId = current.lost && !cmd.showsLostAccess ? found.workspaceId : current.workspace.id;
    const moved = (stored: Session) => touchSession(workspaceId === stored.workspaceId ? stored : { ...stored, workspaceId }, now);
    let session = moved(found);
    if (session !== found) {
      const updated = await sessions.update(found.id, moved, (changed) => sessionExpiresAt(changed, sessionPolicy));
      // Ended by another request meanwhile (a sign-out, a revocation): it stays ended, as if that request came first.
      if (!updated) return err(signInRequired());
      session = updated;
    }
    const expiresAt = sessionExpiresAt(session, sessionPolicy);
    return ok({ session, account, workspace: current.workspace, role: current.role, expiresAt, ...(current.lost ? { lostAccessTo: current.lost } : {}) });
  }

  /** The session's workspace while the account is still a member of it, else its oldest membership. */
  private async currentWorkspace(session: Session): Promise<{ workspace: Workspace; role: Role; lost?: Workspace } | undefined> {
    const { workspaces } = this.deps;
    const membership = await workspaces.findMembership(session.workspaceId, session.accountId);
    const workspace = await workspaces.findById(session.workspaceId);
    if (membership && workspace) return { workspace, role: membership.role };
    // Read per request, never cached: a member removed from the session's workspace is moved out on its next request.
    const lost = membership ? undefined : workspace;
    for (const other of [...(await workspaces.listMemberships(session.accountId))].sort(byCreation)) {
      const fallback = await workspaces.findById(other.workspaceId);
      if (fallback) return { workspace: fallback, role: other.role, lost };
    }
    return undefined;
  }
}
