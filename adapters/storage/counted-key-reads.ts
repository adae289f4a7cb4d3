import type { WindowHit } from "../../domain/rate-limit.ts";

/** A key's raw record, and the rate-limit unit counted for it when one was. */
export interface CountedRead {
  readonly raw: string;
  readonly hit?: WindowHit;
}

/** Reads a key's record and counts one unit of its rate limit in one storage operation (on Redis, one script). */
export interface CountedKeyReads {
  /**
   * The key's raw record as committed now (undefined: none, nothing counted), with `hit` when one unit was counted on
   * the key's own counter (RateLimitStore.hitKey's), in the window of the policy the record holds: only for an active
   * key whose current secret hashes to `secretHash`.
   */
  read(id: string, secretHash: string): Promise<CountedRead | undefined>;
}
