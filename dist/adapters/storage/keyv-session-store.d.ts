import type Keyv from "keyv";
import type { Clock, FlashStore, SessionStore } from "../../application/ports.ts";
import type { Session } from "../../domain/session.ts";
/** Sessions by token hash in one Keyv namespace; the TTL lets Redis drop them itself once they expire. */
export declare class KeyvSessionStore implements SessionStore {
    private readonly records;
    private readonly clock;
    constructor(records: Keyv<Session>, clock: Clock);
    save(session: Session, expiresAt: number): Promise<void>;
    find(id: string): Promise<Session | undefined>;
    delete(id: string): Promise<void>;
}
/** One-time values in a Keyv namespace, deleted as they are read. */
export declare class KeyvFlashStore implements FlashStore {
    private readonly records;
    constructor(records: Keyv<string>);
    put(id: string, value: string, ttlMs: number): Promise<void>;
    take(id: string): Promise<string | undefined>;
}
