import type { Writable } from "node:stream";
import { parseArgs } from "node:util";
import type { Config } from "../config.ts";
import { keyIdOf, readEncryptionKey, SecretSealer } from "../security/secret-sealer.ts";
import { openStorage, type Storage } from "../storage/open-storage.ts";
import { markingStorage } from "../storage/store-identity-storage.ts";
import { SystemClock } from "../system.ts";
import { loadCommandConfig } from "./file-command.ts";
import { formatReseal, resealSecrets } from "./secrets-reseal.ts";
import { countSecrets, formatStatus, toStatusJson } from "./secrets-status.ts";

const USAGE = `Usage:
  tool-api secrets status [--json]   count the stored TOTP and webhook signing secrets: how many plain, how many sealed
                                     with each key id (marking the ids ENCRYPTION_KEY lists, and its first); never shows one
  tool-api secrets reseal [--json]   rewrite every account and webhook whose secrets are not all sealed with ENCRYPTION_KEY's
                                     first key, so an old key can be dropped; safe while servers run. Exit 1 when a secret
                                     opens with no listed key (its record is named, never the value).
  Both read the configured store (DATA_DIR, REDIS_URL, REDIS_CLUSTER or DATABASE_URL) and ENCRYPTION_KEY as the server does.`;

type Command = "status" | "reseal";

/** `tool-api secrets …`: 0 done, 1 the store failed or a secret did not open, 2 usage or configuration (reseal without a key). */
export async function runSecretsCommand(argv: readonly string[], out: Writable = process.stdout, err: Writable = process.stderr): Promise<number> {
  const parsed = readArguments(argv, out, err);
  if (typeof parsed === "number") return parsed;
  const config = loadCommandConfig(err);
  if (!config) return 2;
  const keyIds = config.encryptionKeys.map((text) => keyIdOf(readEncryptionKey(text) as Uint8Array));
  if (parsed.command === "reseal" && keyIds.length === 0) {
    err.write("tool-api secrets reseal: ENCRYPTION_KEY is not set, so there is no key to seal with (set it to the new key, then the old ones: ENCRYPTION_KEY=<new>,<old>)\n");
    return 2;
  }
  let storage: Storage;
  try {
    // A reseal raises the store's change marker as a server's writes do, so a restore that undoes it is noticed.
    storage = markingStorage(await openStorage(config, new SystemClock()));
  } catch (error) {
    err.write(`Cannot open the store: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    return await (parsed.command === "status" ? printStatus(storage, keyIds, parsed.json, out) : reseal(storage, config, keyIds[0], parsed.json, out, err));
  } catch (error) {
    err.write(`Cannot ${parsed.command === "status" ? "read" : "reseal"} the secrets: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await storage.close();
  }
}

/** The command and --json, or the exit code after --help (0, usage on stdout) or a usage error (2, on stderr). */
function readArguments(argv: readonly string[], out: Writable, err: Writable): { command: Command; json: boolean } | number {
  try {
    const options = { json: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } } as const;
    const { values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
    if (values.help) {
      out.write(`${USAGE}\n`);
      return 0;
    }
    const [command, ...rest] = positionals;
    if ((command === "status" || command === "reseal") && rest.length === 0) return { command, json: values.json };
    err.write(`${USAGE}\n`);
  } catch (error) {
    err.write(`${(error as Error).message}\n${USAGE}\n`);
  }
  return 2;
}

async function printStatus(storage: Storage, keyIds: readonly string[], json: boolean, out: Writable): Promise<number> {
  const counts = await countSecrets(storage);
  out.write(`${json ? JSON.stringify(toStatusJson(counts, keyIds)) : formatStatus(counts, keyIds)}\n`);
  return 0;
}

async function reseal(storage: Storage, config: Config, firstKeyId: string, json: boolean, out: Writable, err: Writable): Promise<number> {
  const outcome = await resealSecrets(storage, new SecretSealer(config.encryptionKeys), firstKeyId);
  for (const failure of outcome.failures) err.write(`Cannot reseal ${failure.kind} ${failure.id}: ${failure.message}\n`);
  if (outcome.failures.length > 0) {
    err.write(`${outcome.failures.length} record(s) left as they were: list the key each was sealed with in ENCRYPTION_KEY (after the first) and run again\n`);
  }
  const { account, webhook } = outcome.counts;
  out.write(`${json ? JSON.stringify({ keyId: firstKeyId, accounts: account, webhooks: webhook }) : formatReseal(outcome, firstKeyId)}\n`);
  return outcome.failures.length > 0 ? 1 : 0;
}
