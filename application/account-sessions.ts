import type { Account } from "../domain/account.ts";
import { type DomainError, notFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { isSessionLive, isSessionOfOlderEpoch, publicSessionId, type Session, type SessionPolicy } from "../domain/session.ts";
import type { Clock, SessionStore } from "./ports.ts";

/** A session as its account sees it (GET /auth/sessions): never its token, stored id or CSRF token. */
export interface SessionView {
  readonly id: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly userAgent: string | null;
  /** The session that asked. */
  readonly current: boolean;
}

export interface AccountSessionsDeps {
  readonly sessions: SessionStore;
  readonly clock: Clock;
  readonly sessionPolicy: SessionPolicy;
}

/** Who asks: the signed-in account and the session it asks with. */
export interface SessionOwner {
  readonly account: Account;
  readonly session: Session;
}

/** The account's sessions that still sign in: not expired, not ended by a password change or reset. Newest first. */
async function liveSessions(deps: AccountSessionsDeps, account: Account): Promise<Session[]> {
  const now = deps.clock.now();
  const stored = await deps.sessions.listByAccount(account.id);
  return stored
    .filter((session) => isSessionLive(session, now, deps.sessionPolicy) && !isSessionOfOlderEpoch(session, account.sessionEpoch))
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
}

const toSessionView = (session: Session, current: Session): SessionView => ({
  id: publicSessionId(session),
  createdAt: new Date(session.createdAt).toISOString(),
  lastSeenAt: new Date(session.lastSeenAt).toISOString(),
  userAgent: session.userAgent ?? null,
  current: session.id === current.id,
});

/** GET /auth/sessions: the caller's live sessions, newest first. */
export class ListAccountSessions {
  constructor(private readonly deps: AccountSessionsDeps) {}

  async execute(cmd: SessionOwner): Promise<readonly SessionView[]> {
    return (await liveSessions(this.deps, cmd.account)).map((session) => toSessionView(session, cmd.session));
  }
}

export interface EndSessionCommand extends SessionOwner {
  /** The public id (`ses_…`) from the list. */
  readonly sessionId: string;
}

/** One answer for an id that is not one of the caller's live sessions, whoever's it may be. */
const unknownSession = (): DomainError => notFound("None of your sessions has this id.");

/**
 * DELETE /auth/sessions/{id}: ends one of the caller's live sessions (the current one too, which signs out). Its
 * record goes, and every instance reads the record per request, so it ends at once everywhere. Only the caller's own
 * sessions are looked at: another account's id is as unknown as a made-up one.
 */
export class EndAccountSession {
  constructor(private readonly deps: AccountSessionsDeps) {}

  async execute(cmd: EndSessionCommand): Promise<Result<SessionView, DomainError>> {
    const found = (await liveSessions(this.deps, cmd.account)).find((session) => publicSessionId(session) === cmd.sessionId);
    if (!found) return err(unknownSession());
    await this.deps.sessions.delete(found.id);
    return ok(toSessionView(found, cmd.session));
  }
}

/** DELETE /auth/sessions: ends every session of the account but the caller's; answers how many ended. */
export class EndOtherSessions {
  constructor(private readonly deps: AccountSessionsDeps) {}

  async execute(cmd: SessionOwner): Promise<{ readonly ended: number }> {
    const live = new Set((await liveSessions(this.deps, cmd.account)).map((session) => session.id));
    let ended = 0;
    // Records that no longer sign in (expired, of an older epoch) go too, as housekeeping; only live ones count.
    for (const session of await this.deps.sessions.listByAccount(cmd.account.id)) {
      if (session.id === cmd.session.id) continue;
      await this.deps.sessions.delete(session.id);
      if (live.has(session.id)) ended += 1;
    }
    return { ended };
  }
}
