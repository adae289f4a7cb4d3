import { randomBytes } from "node:crypto";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import type { Logger } from "../logger.ts";
import { judgeStore, newStoreIdentity, type StoreIdentity, type StoreIdentityRecord, withRaisedMarker } from "./store-identity.ts";
import type { SeenStore, SeenStoreMemory } from "./store-identity-memory.ts";

/** How often a server compares the store's identity and marker with what it has seen (also after each change it makes). */
export const CHECK_EVERY_MS = 1000;
/** The command that records an operator's consent to serve a store as it is now. */
export const RECOVERY_COMMAND = "tool-api store accept-restore";

type Reason = "missing" | "replaced" | "older" | "flagged";
const WHY: Record<Reason, string> = {
  missing: "the store has no identity record: it was emptied or replaced (a Redis restarted without persistence, a new database)",
  replaced: "the store carries another identity than the one this server served: it was replaced by another store",
  older: "the store's change marker went back: it was restored from an older snapshot or lost its latest writes",
  flagged: "another server found that this store lost data",
};

/** What every storage call fails with while a store is refused: a StorageUnavailableError (503), logged once by the guard. */
export class StoreRefusedError extends StorageUnavailableError {}

export interface StoreIdentityGuardDeps {
  readonly record: StoreIdentityRecord;
  /** What this server saw before its last restart (Redis, PostgreSQL); absent for the embedded store. */
  readonly memory?: SeenStoreMemory;
  readonly logger: Pick<Logger, "error" | "info" | "warn">;
  readonly now?: () => number;
}

/**
 * Keeps a server from serving a store that lost data: holds the store's identity and the highest change marker this
 * process has seen, raises the marker after each change that must never be undone, and compares at start, every
 * second and after each raise. A refusing server writes a token into the record; accept-restore answers it.
 */
export class StoreIdentityGuard {
  private seen: SeenStore | undefined;
  private refusal: { readonly reason: Reason; readonly token: string } | undefined;
  private remembered: SeenStore | undefined;
  private rememberedAt = 0;
  private checkEveryMs = CHECK_EVERY_MS;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private raising: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly deps: StoreIdentityGuardDeps) {}

  /** Reads the record (creating it on a store's first start) and judges it; then checks every CHECK_EVERY_MS. */
  async open(checkEveryMs = CHECK_EVERY_MS): Promise<void> {
    const now = this.deps.now ?? Date.now;
    this.checkEveryMs = checkEveryMs;
    this.seen = this.remembered = this.deps.memory?.read();
    let found = await this.deps.record.read();
    // A store without a record and a server without memory of one: a first start (or an upgrade), not a loss.
    if (found === undefined && this.seen === undefined) found = await this.deps.record.claim(newStoreIdentity(now()));
    this.seen ??= found?.id === undefined ? undefined : { id: found.id, marker: found.marker };
    await this.judge(found);
    this.timer = setInterval(() => void this.check(), checkEveryMs);
    this.timer.unref();
  }

  /** False while the store is refused; then every storage call fails with `refusalError()`. */
  isServing(): boolean {
    return this.refusal === undefined;
  }

  /** The error storage calls fail with while the store is refused (503 service_unavailable on the wire). */
  refusalError(): StoreRefusedError {
    return new StoreRefusedError(`storage lost data (${this.refusal?.reason ?? "unknown"}); an operator must run \`${RECOVERY_COMMAND}\``);
  }

  /** Compares the record with what was seen now (one read); a storage outage leaves the verdict as it was. */
  check(): Promise<void> {
    // Judged against what was seen when the read left: a raise committed meanwhile may have been seen since, and a read
    // that left before it is not older than the store.
    const against = this.seen;
    this.checking ??= this.deps.record.read().then((found) => this.judge(found, against)).catch(() => undefined).finally(() => (this.checking = undefined));
    return this.checking;
  }

  /**
   * Raises the store's marker after a change that must never be undone (resolves once it is stored). Calls during a
   * raise share the next one, so a burst of changes costs two compare-and-sets, not one each. Never rejects.
   */
  raise(): Promise<void> {
    if (this.raising) {
      // A change that landed during a raise needs one that starts after it: the next one, shared.
      this.queued ??= this.raising.then(() => {
        this.queued = undefined;
        return this.raise();
      });
      return this.queued;
    }
    const run = this.raiseOnce().finally(() => {
      if (this.raising === run) this.raising = undefined;
    });
    this.raising = run;
    return run;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async raiseOnce(): Promise<void> {
    try {
      const seen = this.seen;
      if (!seen || this.refusal) return;
      const found = await this.deps.record.change((current) => withRaisedMarker(current, seen.id));
      await this.judge(found, seen);
    } catch (error) {
      // The change itself is stored; a marker that could not follow only narrows what a restore check can see.
      this.deps.logger.warn({ err: error }, "could not raise the store's change marker");
    }
  }

  private async judge(found: StoreIdentity | undefined, against = this.seen, confirmed = false): Promise<void> {
    if (this.refusal) return this.answerRefusal(found);
    // Without anything seen, the record holds only other servers' refusals: it stays refused until accepted.
    const verdict = against ? judgeStore(found, against) : ({ serve: false, reason: "flagged" } as const);
    const reason = !verdict.serve ? verdict.reason : found?.refusals?.length ? "flagged" : undefined;
    // A read that left just before an operator's acceptance proves nothing: one more, sent after it answered, must agree.
    if (reason && !confirmed) return this.judge(await this.deps.record.read(), this.seen, true);
    if (reason) return this.refuse(reason, found);
    // A newer view arrived while this read was in flight: keep it rather than step back to this one.
    if (against === this.seen) this.adopt(found as StoreIdentity & { id: string });
  }

  private adopt(found: StoreIdentity & { id: string }): void {
    const marker = found.id === this.seen?.id ? Math.max(found.marker, this.seen.marker) : found.marker;
    // A new object only when the view moves on: judge() tells a stale read by it.
    if (this.seen?.id !== found.id || this.seen.marker !== marker) this.seen = { id: found.id, marker };
    const changed = this.remembered?.id !== this.seen.id || this.remembered.marker !== marker;
    // A file write per change would block the event loop under a burst of sign-ins: at most one a check interval, and
    // at once for a new identity (a restart must never remember the identity an operator replaced).
    const now = (this.deps.now ?? Date.now)();
    if (!changed || (this.remembered?.id === this.seen.id && now - this.rememberedAt < this.checkEveryMs)) return;
    if (this.deps.memory?.write(this.seen)) {
      this.remembered = this.seen;
      this.rememberedAt = now;
    }
  }

  private async refuse(reason: Reason, found: StoreIdentity | undefined): Promise<void> {
    this.refusal = { reason, token: `refusal_${randomBytes(9).toString("base64url")}` };
    this.deps.logger.error(
      { reason, storeId: found?.id, marker: found?.marker, seenStoreId: this.seen?.id, seenMarker: this.seen?.marker },
      `storage lost data: ${WHY[reason]}. Refusing to serve (503, health 503) so that no revoked key, ended session or ` +
        "removed member comes back. Restore the latest backup if one is newer than the store, then run " +
        `\`${RECOVERY_COMMAND}\` with this server's configuration to serve the store as it is now.`,
    );
    await this.writeRefusal();
  }

  private async answerRefusal(found: StoreIdentity | undefined): Promise<void> {
    const refusal = this.refusal;
    if (!refusal) return;
    if (found?.id !== undefined && found.accepts?.includes(refusal.token)) {
      this.refusal = undefined;
      this.seen = undefined;
      this.adopt({ ...found, id: found.id });
      this.deps.logger.info({ storeId: found.id, marker: found.marker }, "an operator accepted the store as it is now: serving again");
    } else if (!found?.refusals?.includes(refusal.token)) {
      await this.writeRefusal();
    }
  }

  /** Leaves this server's token in the record, so other servers refuse too and accept-restore can answer it. */
  private async writeRefusal(): Promise<void> {
    const token = this.refusal?.token;
    if (!token) return;
    await this.deps.record
      // Never into a record that already accepted it: the next check resumes instead of flagging the accepted store.
      .change((current) => (current?.refusals?.includes(token) || current?.accepts?.includes(token) ? undefined
        : { ...(current ?? { marker: 0 }), refusals: [...(current?.refusals ?? []).slice(-99), token] }))
      .catch(() => undefined); // the next check writes it again
  }
}
