import type { SessionFixture } from "./session-cases.ts";
import type { Target } from "./target.ts";
/** A session as the hooks send it. */
export interface SessionCredentials {
    readonly cookie: string;
    readonly csrfToken: string;
}
/** Checks that the key works and that its window has room for `needed` requests; throws a plain message if not. */
export declare function checkApiKey(target: Target, needed: number): Promise<void>;
/**
 * Uses up the rate-limited key's window so the 429 cases meet a spent key: it stops at the first 429 or at the
 * answer whose `X-Ratelimit-Remaining` is 0. It never fails itself: a deployment that keeps answering 200 after
 * that fails the 429 cases, which say so.
 */
export declare function spendKey(target: Target, key: string): Promise<void>;
/** A well-formed key (valid checksum) that no deployment has issued. */
export declare function unknownKey(): string;
/** Signs up two throwaway accounts through the public API and returns what the signed-in cases need. */
export declare function setUpSessions(target: Target): Promise<{
    fixture: SessionFixture;
    first: SessionCredentials;
    second: SessionCredentials;
}>;
