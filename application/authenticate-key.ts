import { acceptsHash, type ApiKey, type Environment, hashSecret, hasValidChecksum, isActive, isExpiredAt, readSecretShape } from "../domain/api-key.ts";
import { type DomainError, unauthorized } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { noteExpiry } from "./note-expiry.ts";
import type { ApiKeyStore, CountedKey } from "./ports.ts";
import type { AuditDeps } from "./record-audit.ts";

export interface AuthenticateKeyCommand {
  /** The raw key as sent by the client, or undefined when none was sent. */
  readonly secret: string | undefined;
  /**
   * Also count one unit of the key's rate limit where the store does both in one operation
   * (`ApiKeyStore.findByHashCounting`): the answer is then a CountedKey, whose `hit` is absent when nothing was
   * counted (the caller counts the unit itself).
   */
  readonly takeUnit?: boolean;
}

/** How stale `lastUsedAt` may get: writing it on every request would cost a storage write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** How many keys' last touches this process remembers (more are forgotten together, costing one write each). */
const MAX_TOUCHED = 10_000;

/** Finds the active key of this deployment's environment that a secret belongs to. */
export class AuthenticateKey {
  /** When this process last recorded each key's use: the key's state is never read or written for it. */
  private readonly touched = new Map<string, number>();

  constructor(private readonly deps: AuditDeps & { keys: ApiKeyStore; env: Environment }) {}

  execute(cmd: AuthenticateKeyCommand & { readonly takeUnit: true }): Promise<Result<CountedKey, DomainError>>;
  execute(cmd: AuthenticateKeyCommand): Promise<Result<ApiKey, DomainError>>;
  execute(cmd: AuthenticateKeyCommand): Promise<Result<ApiKey | CountedKey, DomainError>> {
    const found = this.authenticate(cmd);
    // Every execute request takes a unit: its answer is passed on as it is, without another promise turn.
    return cmd.takeUnit ? found : found.then((result) => (result.ok ? ok(result.value.key) : result));
  }

  private async authenticate(cmd: AuthenticateKeyCommand): Promise<Result<CountedKey, DomainError>> {
    const { keys, clock, env } = this.deps;
    if (!cmd.secret) return err(unauthorized("missing"));
    const shape = readSecretShape(cmd.secret);
    if (!shape.ok) return err(unauthorized(shape.reason));
    const secretHash = hashSecret(cmd.secret);
    // A hash the store has resolved before was issued with a valid checksum, so only an unknown secret pays the
    // checksum's SHA-256: mistyped keys still never reach storage. The lookup itself always reads the key as stored.
    if (!keys.isKnownHash?.(secretHash)) {
      if (!hasValidChecksum(cmd.secret)) return err(unauthorized("checksum"));
      if (shape.env !== env) return err(unauthorized("environment"));
    }
    // A unit counted for a key that is then refused below is harmless: stores count only for an active key's current
    // secret, so what is left (another environment's key, an expired one) is a key refused here whatever its count.
    const found = cmd.takeUnit && keys.findByHashCounting ? await keys.findByHashCounting(secretHash) : await this.find(secretHash);
    const key = found?.key;
    const now = clock.now();
    // The hash index keeps a rotated-away hash pointing at the key; acceptsHash ends its grace by the clock.
    if (!key || !acceptsHash(key, secretHash, now)) return err(unauthorized("unknown"));
    if (!isActive(key)) return err(unauthorized("revoked"));
    if (key.env !== env) return err(unauthorized("environment"));
    if (isExpiredAt(key, now)) {
      await noteExpiry(this.deps, key);
      return err(unauthorized("expired"));
    }
    const touching = this.touch(key.id, now);
    if (touching) await touching;
    return ok(found);
  }

  private async find(secretHash: string): Promise<CountedKey | undefined> {
    const key = await this.deps.keys.findByHash(secretHash);
    return key && { key };
  }

  /** The write of the key's last use when it is due (a promise), else nothing: most requests have nothing to await. */
  private touch(id: string, now: number): Promise<void> | undefined {
    const last = this.touched.get(id);
    if (last !== undefined && now - last < LAST_USED_RESOLUTION_MS) return undefined;
    if (this.touched.size >= MAX_TOUCHED) this.touched.clear();
    this.touched.set(id, now);
    return this.deps.keys.touch(id, now);
  }
}
