import type { Clock } from "../../../application/ports.ts";
import type { Config } from "../../config.ts";
import { backendFor } from "../backends.ts";
import { openStorage, type Storage } from "../open-storage.ts";
import { openPostgresWith } from "../postgres/postgres-storage.ts";
import { STORE_TEST_DEADLINE_MS } from "./deadline.ts";
import { openTestRedis } from "./redis.ts";

/**
 * The store `config` names, as `openStorage` opens it, for a test that seeds or reads it beside a server or CLI
 * under test: its calls are bounded by STORE_TEST_DEADLINE_MS, not the server's 1 s (the embedded store has none).
 */
export function openTestStorage(config: Config, clock: Clock): Promise<Storage> {
  const kind = backendFor(config).kind;
  if (kind === "postgres") return openPostgresWith(config, clock, { deadlineMs: STORE_TEST_DEADLINE_MS });
  if (kind === "redis") return openTestRedis(config, clock);
  return openStorage(config, clock);
}
