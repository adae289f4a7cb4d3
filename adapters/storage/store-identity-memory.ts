import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { redisNodesOf } from "./redis/redis-nodes.ts";

/** The file in DATA_DIR where a server on Redis or PostgreSQL remembers, across restarts, the last identity it saw. */
export const SEEN_FILE = "store-identity-seen.json";

/** What a server saw of one store: its identity and the highest marker. */
export interface SeenStore {
  readonly id: string;
  readonly marker: number;
}

/**
 * Memory of what was seen, per store location, that outlives the process: without it, a server restarted together
 * with a Redis that came back empty would take the empty store for a new one. Best effort by design: a DATA_DIR that
 * does not exist or cannot be written (a read-only container) leaves only the running processes' memory.
 */
export class SeenStoreMemory {
  constructor(private readonly dataDir: string, private readonly location: string) {}

  /** What was last written for this location, or undefined (none, or the file unreadable). */
  read(): SeenStore | undefined {
    const found = this.readAll()[this.location];
    return found && typeof found.id === "string" && Number.isSafeInteger(found.marker) ? found : undefined;
  }

  /** Writes `seen` for this location; false when DATA_DIR is absent or cannot be written (never throws). */
  write(seen: SeenStore): boolean {
    if (!existsSync(this.dataDir)) return false;
    const file = join(this.dataDir, SEEN_FILE);
    try {
      // Written aside then renamed, so a crash mid-write leaves the previous memory rather than none; aside per process,
      // as the workers of one machine share DATA_DIR (the last rename wins: a marker lower than the store's is harmless).
      const aside = `${file}.${process.pid}.tmp`;
      writeFileSync(aside, `${JSON.stringify({ ...this.readAll(), [this.location]: seen }, null, 2)}\n`, { mode: 0o600 });
      renameSync(aside, file);
      return true;
    } catch {
      return false;
    }
  }

  private readAll(): Record<string, SeenStore> {
    try {
      const parsed: unknown = JSON.parse(readFileSync(join(this.dataDir, SEEN_FILE), "utf8"));
      return parsed !== null && typeof parsed === "object" ? (parsed as Record<string, SeenStore>) : {};
    } catch {
      return {};
    }
  }
}

/**
 * Where the configured store lives, without credentials: the memory's key, so pointing a server at another store
 * (or another REDIS_PREFIX) starts a memory of its own instead of raising a false alarm. Undefined for the embedded
 * store: its records and this file would sit in the same DATA_DIR and be restored together.
 */
export function storeLocation(config: Config): string | undefined {
  if (config.databaseUrl) return `postgres ${withoutCredentials(config.databaseUrl)}`;
  const { seeds } = redisNodesOf(config);
  if (seeds.length === 0) return undefined;
  return `redis ${seeds.map(withoutCredentials).sort().join(",")} ${config.redisPrefix}`;
}

function withoutCredentials(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = "";
    url.password = "";
    url.search = "";
    return url.toString();
  } catch {
    return "unparsable";
  }
}
