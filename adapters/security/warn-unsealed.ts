import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";

/**
 * At start, as SMTP_URL's warning: in production without ENCRYPTION_KEY, says once that the secrets the server must
 * keep usable (TOTP, webhook signing) are stored as they are, so a dump or backup of the store gives them away.
 */
export function warnIfSecretsUnsealed(config: Pick<Config, "encryptionKeys" | "appEnv">, logger: Logger): void {
  if (config.appEnv !== "production" || config.encryptionKeys.length > 0) return;
  logger.warn("ENCRYPTION_KEY is not set: TOTP and webhook signing secrets are stored unencrypted (a dump, backup or export of the store gives them away)");
}
