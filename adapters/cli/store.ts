import type { Clock } from "../../application/ports.ts";
import type { Config } from "../config.ts";
import { loadCommandConfig } from "./file-command.ts";
import { openStorage, type Storage } from "../storage/open-storage.ts";
import { newStoreIdentity, type StoreIdentity } from "../storage/store-identity.ts";
import { SeenStoreMemory, storeLocation } from "../storage/store-identity-memory.ts";
import { storeIdentityRecordOf } from "../storage/store-identity-storage.ts";
import { SystemClock } from "../system.ts";

const USAGE = `Usage:
  tool-api store status           print the store's identity, its change marker and any server refusing it
  tool-api store accept-restore   serve the store as it is now: after a restore or a loss a server refused it
                                  (503); this records the operator's consent and every refusing server resumes
                                  within a second. Run it with the server's configuration (REDIS_URL, DATABASE_URL,
                                  DATA_DIR, REDIS_PREFIX), as the service's user.`;

/** `tool-api store …`: 0 done, 1 the store cannot be reached (or, for status, is refused), 2 usage or configuration. */
export async function runStoreCommand(argv: readonly string[], out = process.stdout, err = process.stderr): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h") {
    out.write(`${USAGE}\n`);
    return 0;
  }
  if ((command !== "status" && command !== "accept-restore") || rest.length > 0) {
    err.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadCommandConfig(err);
  if (!config) return 2;
  const clock = new SystemClock();
  let storage: Storage;
  try {
    storage = await openStorage(config, clock);
  } catch (error) {
    err.write(`Cannot open the store: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    return await (command === "status" ? printStatus(storage, out) : acceptRestore(storage, config, clock, out));
  } catch (error) {
    err.write(`Cannot ${command === "status" ? "read" : "accept"} the store: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await storage.close();
  }
}

async function printStatus(storage: Storage, out: NodeJS.WritableStream): Promise<number> {
  const found = await storeIdentityRecordOf(storage).read();
  out.write(`${describe(found)}\n`);
  return found?.id !== undefined && !found.refusals?.length ? 0 : 1;
}

async function acceptRestore(storage: Storage, config: Config, clock: Clock, out: NodeJS.WritableStream): Promise<number> {
  let before: StoreIdentity | undefined;
  const after = await storeIdentityRecordOf(storage).change((current) => newStoreIdentity(clock.now(), { previous: (before = current) }));
  const location = storeLocation(config);
  // A server restarted later with this DATA_DIR then remembers the accepted identity, not the one it replaced.
  if (after?.id !== undefined && location !== undefined) new SeenStoreMemory(config.dataDir, location).write({ id: after.id, marker: after.marker });
  out.write(`${acceptance(before, after)}\n`);
  return 0;
}

function describe(found: StoreIdentity | undefined): string {
  if (found === undefined) return "No store identity: no server has started on this store yet, or it lost its data (a server that served it refuses it).";
  const refusing = found.refusals?.length ?? 0;
  const head = found.id === undefined ? "No store identity (the store lost it)" : `Store ${found.id}, change marker ${found.marker}`;
  return refusing === 0
    ? `${head}; no server refuses it.`
    : `${head}; refused by ${refusing} server start(s) as having lost data. Check it, then run \`tool-api store accept-restore\`.`;
}

function acceptance(before: StoreIdentity | undefined, after: StoreIdentity | undefined): string {
  const refusing = before?.refusals?.length ?? 0;
  const was = before?.id === undefined ? "the store had no identity record" : `it replaces ${before.id} at change marker ${before.marker}`;
  const servers = refusing === 0 ? "No server was refusing it." : `${refusing} refusing server(s) serve again within a second.`;
  return `Accepted the store as it is now: identity ${after?.id} (${was}). ${servers}`;
}
