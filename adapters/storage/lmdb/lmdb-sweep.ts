import type { RootDatabase } from "lmdb";

/** How many entries one turn of a sweep looks at before it lets requests run. */
const ENTRIES_PER_TURN = 500;

/**
 * Removes the expired records of Keyv namespaces on LMDB. Keyv drops an expired record only when it is read, and LMDB
 * has no TTL of its own, so without a sweep every session ever opened (and every one-time value) would stay on disk.
 * Works through the namespaces a slice at a time, yielding to the event loop between slices. Resolves with the count.
 */
export async function sweepExpired(db: RootDatabase<string, string>, namespaces: readonly string[], now: () => number = Date.now): Promise<number> {
  let removed = 0;
  for (const namespace of namespaces) {
    const prefix = `${namespace}:`;
    // ";" follows ":": the range ends with the namespace instead of yielding the next namespace's first record.
    const end = `${namespace};`;
    let start = prefix;
    for (;;) {
      const expired: string[] = [];
      let last: string | undefined;
      let seen = 0;
      for (const { key, value } of db.getRange({ start, end, snapshot: false })) {
        if (typeof key !== "string" || !key.startsWith(prefix) || seen === ENTRIES_PER_TURN) break;
        seen += 1;
        last = key;
        if (isExpired(value, now())) expired.push(key);
      }
      // Checked again under the write lock: a record renewed meanwhile (by this process or the CLI) is kept.
      if (expired.length > 0) {
        db.transactionSync(() => {
          for (const key of expired) {
            if (isExpired(db.get(key), now())) removed += db.removeSync(key) ? 1 : 0;
          }
        });
      }
      if (seen < ENTRIES_PER_TURN || last === undefined) break;
      start = `${last}\u0000`;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return removed;
}

/** Whether a Keyv-serialized record carries an expiry that has passed; anything else is kept. */
function isExpired(raw: string | undefined, now: number): boolean {
  if (typeof raw !== "string" || !raw.includes('"expires"')) return false;
  try {
    const expires = (JSON.parse(raw) as { expires?: unknown }).expires;
    return typeof expires === "number" && expires <= now;
  } catch {
    return false;
  }
}
