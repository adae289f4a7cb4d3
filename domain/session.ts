import { hash, timingSafeEqual } from "node:crypto";

/** A signed-in browser or client. Stored under the hash of its token; the token lives only in the cookie. */
export interface Session {
  /** SHA-256 (hex) of the session token. */
  readonly id: string;
  readonly accountId: string;
  /** The workspace the dashboard shows. */
  readonly workspaceId: string;
  /** The synchronizer token every state-changing request must echo. */
  readonly csrfToken: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  /** The account's `sessionEpoch` when the session opened (absent: 0); an older epoch is refused. */
  readonly epoch?: number;
  /** The User-Agent the session was opened with (trimmed to 256 characters), for the sessions list. */
  readonly userAgent?: string;
}

/** A name for a session that can be shown and sent back (the sessions list, DELETE /auth/sessions/{id}): never its token or stored id. */
export const publicSessionId = (session: Pick<Session, "id">): string => `ses_${hash("sha256", `public:${session.id}`, "hex").slice(0, 24)}`;

/** Whether the session opened before the account's sessions were last ended (a password change or reset). */
export const isSessionOfOlderEpoch = (session: Session, accountEpoch: number | undefined): boolean =>
  (session.epoch ?? 0) < (accountEpoch ?? 0);

export const MAX_USER_AGENT_LENGTH = 256;

/** How long a session lives: `idleMs` after its last use, and never more than `absoluteMs` after sign-in. */
export interface SessionPolicy {
  readonly idleMs: number;
  readonly absoluteMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 2 * 3_600_000, absoluteMs: 24 * 3_600_000 };

/** Writing `lastSeenAt` on every request would cost a storage write per page view. */
export const TOUCH_RESOLUTION_MS = 60_000;

export const hashSessionToken = (token: string): string => hash("sha256", token, "hex");

/** When the session ends unless it is used again. */
export const sessionExpiresAt = (session: Session, policy: SessionPolicy): number =>
  Math.min(session.createdAt + policy.absoluteMs, session.lastSeenAt + policy.idleMs);

export const isSessionLive = (session: Session, now: number, policy: SessionPolicy): boolean =>
  now < sessionExpiresAt(session, policy);

/** The session with `lastSeenAt` moved to `now`, or the same object when it was seen recently. */
export const touchSession = (session: Session, now: number): Session =>
  now - session.lastSeenAt >= TOUCH_RESOLUTION_MS ? { ...session, lastSeenAt: now } : session;

/** Compares two tokens in constant time (for the length they share). */
export function isSameToken(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
