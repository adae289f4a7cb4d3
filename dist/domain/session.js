import { createHash, timingSafeEqual } from "node:crypto";
export const DEFAULT_SESSION_POLICY = { idleMs: 2 * 3_600_000, absoluteMs: 24 * 3_600_000 };
/** Writing `lastSeenAt` on every request would cost a storage write per page view. */
export const TOUCH_RESOLUTION_MS = 60_000;
export const hashSessionToken = (token) => createHash("sha256").update(token, "utf8").digest("hex");
/** When the session ends unless it is used again. */
export const sessionExpiresAt = (session, policy) => Math.min(session.createdAt + policy.absoluteMs, session.lastSeenAt + policy.idleMs);
export const isSessionLive = (session, now, policy) => now < sessionExpiresAt(session, policy);
/** The session with `lastSeenAt` moved to `now`, or the same object when it was seen recently. */
export const touchSession = (session, now) => now - session.lastSeenAt >= TOUCH_RESOLUTION_MS ? { ...session, lastSeenAt: now } : session;
/** Compares two tokens in constant time (for the length they share). */
export function isSameToken(expected, given) {
    if (typeof given !== "string")
        return false;
    const a = Buffer.from(expected, "utf8");
    const b = Buffer.from(given, "utf8");
    return a.length === b.length && timingSafeEqual(a, b);
}
