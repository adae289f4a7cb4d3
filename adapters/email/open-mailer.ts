import type { Mailer } from "../../application/outbox-ports.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { LogMailer } from "./log-mailer.ts";
import { SmtpMailer } from "./smtp-mailer.ts";

/** A mailer the server closes on shutdown. */
export type ClosableMailer = Mailer & { close(): Promise<void> };

/**
 * The mailer the configuration asks for: SMTP when SMTP_URL is set, the log otherwise. Call it once at start: in
 * production without SMTP_URL it warns then that no email can be sent.
 */
export function openMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "appEnv">, logger: Logger): ClosableMailer {
  if (config.smtpUrl !== undefined) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  if (config.appEnv === "production") {
    logger.warn("SMTP_URL is not set: no email can be sent (invitations, password resets and notices are written to the log only)");
  }
  return new LogMailer(logger);
}
