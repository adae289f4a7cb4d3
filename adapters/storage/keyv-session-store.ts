import type Keyv from "keyv";
import type { Clock, FlashStore, SessionStore } from "../../application/ports.ts";
import type { Session } from "../../domain/session.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";

/** Sessions by token hash in one Keyv namespace; the TTL lets Redis drop them itself once they expire. */
export class KeyvSessionStore implements SessionStore {
  constructor(private readonly records: Keyv<Session>, private readonly clock: Clock) {}

  save(session: Session, expiresAt: number): Promise<void> {
    return guardStorage("saveSession", async () => {
      // The TTL is housekeeping (Redis drops the record itself); ResolveSession decides expiry on the same clock.
      await this.records.set(session.id, session, Math.max(1000, expiresAt - this.clock.now()));
    });
  }

  find(id: string): Promise<Session | undefined> {
    return guardStorage("findSession", () => this.records.get(id));
  }

  delete(id: string): Promise<void> {
    return guardStorage("deleteSession", async () => {
      await this.records.delete(id);
    });
  }
}

/** One-time values in a Keyv namespace, deleted as they are read. */
export class KeyvFlashStore implements FlashStore {
  constructor(private readonly records: Keyv<string>) {}

  put(id: string, value: string, ttlMs: number): Promise<void> {
    return guardStorage("putFlash", async () => {
      await this.records.set(id, value, ttlMs);
    });
  }

  take(id: string): Promise<string | undefined> {
    return guardStorage("takeFlash", async () => {
      const value = await this.records.get(id);
      if (value !== undefined) await this.records.delete(id);
      return value;
    });
  }
}
