import type { Mailer } from "../../application/outbox-ports.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { LogMailer } from "./log-mailer.ts";
import { SmtpMailer } from "./smtp-mailer.ts";

/** A mailer the server closes on shutdown. */
export type ClosableMailer = Mailer & { close(): Promise<void> };

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, the log otherwise (start-warnings.ts says so in production). */
export function openMailer(config: Pick<Config, "smtpUrl" | "mailFrom">, logger: Logger): ClosableMailer {
  return config.smtpUrl !== undefined ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new LogMailer(logger);
}
