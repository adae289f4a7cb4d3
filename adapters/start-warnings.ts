import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { backendFor } from "./storage/backends.ts";
import { warnOfRecordsLeftBehind } from "./storage/lmdb/left-behind.ts";

/**
 * What a production configuration leaves out that its operator must hear about: without SMTP_URL no email leaves
 * (the log gets it instead), without ENCRYPTION_KEY the secrets the server must keep usable (TOTP, webhook signing)
 * are stored as they are, so a dump, backup or export of the store gives them away.
 */
export function startWarnings(config: Pick<Config, "appEnv" | "smtpUrl" | "encryptionKeys">): string[] {
  if (config.appEnv !== "production") return [];
  const warnings: string[] = [];
  if (config.smtpUrl === undefined) warnings.push("SMTP_URL is not set: no email can be sent (invitations, password resets and notices are written to the log only)");
  if (config.encryptionKeys.length === 0) {
    warnings.push("ENCRYPTION_KEY is not set: TOTP and webhook signing secrets are stored unencrypted (a dump, backup or export of the store gives them away)");
  }
  return warnings;
}

/**
 * Logs the start's warnings: startWarnings, then records a move to another store left behind in DATA_DIR. Once per
 * start of a deployment: under WORKERS the primary says them, not each worker.
 */
export function warnAtStart(config: Config, logger: Logger): void {
  for (const warning of startWarnings(config)) logger.warn(warning);
  warnOfRecordsLeftBehind(backendFor(config).kind, config.dataDir, logger);
}
