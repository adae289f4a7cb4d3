import { createHash } from "node:crypto";
import type { RedisClient } from "./redis-connection.ts";

/** A Lua script and its SHA-1, the name EVALSHA calls it by. */
export interface RedisScript {
  readonly source: string;
  readonly sha: string;
}

export function redisScript(source: string): RedisScript {
  return { source, sha: createHash("sha1").update(source).digest("hex") };
}

/** EVALSHA, falling back to EVAL once per server that has not cached the script yet (restart, SCRIPT FLUSH). */
export async function runScript(client: RedisClient, script: RedisScript, keys: string[], args: string[]): Promise<unknown> {
  const options = { keys, arguments: args };
  try {
    return await client.evalSha(script.sha, options);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return client.eval(script.source, options);
  }
}
